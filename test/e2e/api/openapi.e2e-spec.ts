import { lintFromString, loadConfig } from '@redocly/openapi-core';
import { readFileSync } from 'node:fs';
import type { Response } from 'supertest';
import { execFileSync } from 'node:child_process';
import {
  CLIENT_TYPES_PATH,
  DOCUMENT_PATH,
  documentText,
  GENERATE_TYPES_JS,
} from '../../../scripts/openapi/openapi-files';
import { buildOpenApiDocument } from '../../../src/common/openapi-document';
import { committedDocument, OpenApiCheck } from '../../contract/openapi-check';
import { createAccount, TestAccount } from '../../factories/account.factory';
import { png } from '../../factories/file.factory';
import type { paths } from '../../generated/linkdrop-api';
import { createTestApp, TestApp } from '../../utils/create-test-app';
import { idOf } from '../../utils/requests';

/** The JSON body a generated client expects of an operation's success. */
type Ok<
  P extends keyof paths,
  M extends 'get' | 'post' | 'put' | 'patch' | 'delete',
> = paths[P][M] extends {
  responses: { [s in 200 | 201]?: { content: { 'application/json': infer B } } };
}
  ? B
  : never;

// The OpenAPI document: current, lint-clean, complete, and true of what the API answers.
describe('The OpenAPI document', () => {
  let t: TestApp;
  let a: TestAccount;
  const check = new OpenApiCheck();
  beforeAll(async () => {
    t = await createTestApp();
    a = await createAccount(t);
  });
  afterAll(() => t.close());

  /** The answer must be what the document declares for it. */
  const conforms = (method: string, path: string, res: Response, type = 'application/json') => {
    const body: unknown = type === 'application/json' ? res.body : res.text;
    expect([method, path, res.status, check.errors(method, path, res.status, body, type)]).toEqual([
      method,
      path,
      res.status,
      [],
    ]);
  };

  it('should be committed as the code makes it (npm run openapi), with its generated types', async () => {
    const doc = buildOpenApiDocument(t.app);
    expect(JSON.parse(documentText(doc))).toEqual(committedDocument());
    expect(readFileSync(DOCUMENT_PATH, 'utf8')).toBe(documentText(committedDocument() as never));
    const types = execFileSync(process.execPath, ['-e', GENERATE_TYPES_JS], {
      input: documentText(doc),
    }).toString();
    expect(readFileSync(CLIENT_TYPES_PATH, 'utf8')).toBe(types);
    const served = await t.api().get('/api/docs/openapi.json').expect(200);
    expect(served.body).toEqual(committedDocument());
  });

  it("should lint clean with Redocly's recommended rules", async () => {
    const config = await loadConfig({ configPath: 'redocly.yaml' });
    const problems = await lintFromString({
      source: readFileSync(DOCUMENT_PATH, 'utf8'),
      absoluteRef: DOCUMENT_PATH,
      config,
    });
    expect(problems.map((p) => `${p.ruleId}: ${p.message} at ${p.location[0]?.pointer}`)).toEqual(
      [],
    );
  });

  it('should declare a success with its content, and the failures, of every operation', () => {
    const doc = committedDocument();
    const missing: string[] = [];
    for (const [path, item] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(item)) {
        const statuses = Object.keys(op.responses);
        if (!statuses.some((s) => s.startsWith('2'))) missing.push(`${method} ${path}: no success`);
        // A 200 has a body to describe, except on HEAD (tus answers in headers only).
        if (method !== 'head' && statuses.includes('200') && !op.responses['200'].content) {
          missing.push(`${method} ${path}: 200 without content`);
        }
        const secured = ((op as { security?: unknown[] }).security ?? []).length > 0;
        if (path.startsWith('/api/v1') && !statuses.includes('400'))
          missing.push(`${method} ${path}: 400`);
        if (path.startsWith('/api/v1') && secured && !statuses.includes('401')) {
          missing.push(`${method} ${path}: 401`);
        }
      }
    }
    expect(missing).toEqual([]);
    expect(Object.keys(doc.paths).length).toBeGreaterThan(40);
  });

  it('should describe the answers of links, texts, tags, account and usage truly', async () => {
    const signup = await t
      .api()
      .post('/api/v1/auth/signup')
      .send({ email: 'openapi@example.com', password: 'a long password' });
    conforms('post', '/api/v1/auth/signup', signup);
    const made = await t
      .api()
      .post('/api/v1/shorten')
      .set(a.auth)
      .send({ target_url: 'https://e.com/' });
    conforms('post', '/api/v1/shorten', made);
    // A generated client reads these with their declared types.
    const created = made.body as Ok<'/api/v1/shorten', 'post'>;
    const id = idOf(made);
    const shortUrl: string = created.data.short_url;
    expect(shortUrl).toContain(created.data.slug);
    conforms('get', '/api/v1/links', await t.api().get('/api/v1/links').set(a.auth));
    const one = await t.api().get(`/api/v1/links/${id}`).set(a.auth);
    conforms('get', '/api/v1/links/{id}', one);
    expect((one.body as Ok<'/api/v1/links/{id}', 'get'>).data.tags).toEqual([]);
    conforms(
      'patch',
      '/api/v1/links/{id}',
      await t.api().patch(`/api/v1/links/${id}`).set(a.auth).send({ title: 'T' }),
    );
    conforms('get', '/api/v1/links/{id}', await t.api().get('/api/v1/links/999999').set(a.auth));
    // A link's rules, split and target checks (docs/link-rules.md), each as the document says.
    const rules = [{ conditions: [{ type: 'query', param: 'x' }], target_url: 'https://e.com/x' }];
    const variants = [
      { target_url: 'https://e.com/a', weight: 1 },
      { target_url: 'https://e.com/b', weight: 2 },
    ];
    for (const [method, path, body] of [
      ['put', 'rules', { rules }],
      ['get', 'rules', undefined],
      ['put', 'variants', { variants, winner: null }],
      ['get', 'variants', undefined],
      ['get', 'health', undefined],
    ] as const) {
      const req = t.api()[method](`/api/v1/links/${id}/${path}`).set(a.auth);
      conforms(method, `/api/v1/links/{id}/${path}`, await (body ? req.send(body) : req));
    }
    conforms(
      'patch',
      '/api/v1/links/{id}',
      await t
        .api()
        .patch(`/api/v1/links/${id}`)
        .set(a.auth)
        .send({ utm: { source: 's' }, max_visits: 5 }),
    );
    conforms(
      'post',
      '/api/v1/shorten',
      await t.api().post('/api/v1/shorten').set(a.auth).send({ target_url: 1 }),
    );
    conforms('get', '/api/v1/links', await t.api().get('/api/v1/links'));
    const text = await t.api().post('/api/v1/text').set(a.auth).send({ content: 'x', title: 'T' });
    conforms('post', '/api/v1/text', text);
    conforms('get', '/api/v1/texts', await t.api().get('/api/v1/texts').set(a.auth));
    conforms(
      'get',
      '/api/v1/texts/{id}',
      await t
        .api()
        .get(`/api/v1/texts/${idOf(text)}`)
        .set(a.auth),
    );
    conforms(
      'post',
      '/api/v1/tags',
      await t.api().post('/api/v1/tags').set(a.auth).send({ name: 'o' }),
    );
    conforms('get', '/api/v1/tags', await t.api().get('/api/v1/tags').set(a.auth));
    conforms('get', '/api/v1/account', await t.api().get('/api/v1/account').set(a.auth));
    const usage = await t.api().get('/api/v1/usage').set(a.auth);
    conforms('get', '/api/v1/usage', usage);
    const limit: number = (usage.body as Ok<'/api/v1/usage', 'get'>).data.link_count_day_limit;
    expect(limit).toBe(-1);
    conforms('get', '/api/v1/tokens', await t.api().get('/api/v1/tokens').set(a.auth));
    conforms(
      'post',
      '/api/v1/token/check',
      await t.api().post('/api/v1/token/check').set(a.auth).send({ token: a.token }),
    );
    conforms('get', '/api/v1/domains', await t.api().get('/api/v1/domains').set(a.auth));
    conforms(
      'delete',
      '/api/v1/links/{id}',
      await t.api().delete(`/api/v1/links/${id}`).set(a.auth),
    );
  });

  it('should describe the answers of files, analytics, QR codes, bio pages and health truly', async () => {
    const up = await t
      .api()
      .post('/api/v1/file/upload')
      .set(a.auth)
      .attach('file', png(2, 2), 'a.png');
    conforms('post', '/api/v1/file/upload', up);
    const record = (up.body as Ok<'/api/v1/file/upload', 'post'>).data;
    conforms('get', '/api/v1/files', await t.api().get('/api/v1/files').set(a.auth));
    conforms('get', '/api/v1/stats', await t.api().get('/api/v1/stats').set(a.auth));
    const fileId: number = record.file_id;
    conforms(
      'get',
      '/api/v1/links/{id}/stats',
      await t.api().get(`/api/v1/links/${fileId}/stats`).set(a.auth),
    );
    conforms(
      'get',
      '/api/v1/links/{id}/visits',
      await t.api().get(`/api/v1/links/${fileId}/visits`).set(a.auth),
    );
    conforms(
      'get',
      '/api/v1/stats/orphans',
      await t.api().get('/api/v1/stats/orphans').set(a.auth),
    );
    conforms(
      'get',
      '/api/v1/file/private/download-url',
      await t.api().get(`/api/v1/file/private/download-url?file_id=${fileId}`).set(a.auth),
    );
    conforms(
      'get',
      '/api/v1/file/delete/{hash}',
      await t.api().get(`/api/v1/file/delete/${record.hash}`),
    );
    const qr = await t
      .api()
      .post('/api/v1/qrcode')
      .set(a.auth)
      .send({ target_url: 'https://e.com/', title: 'Q' });
    conforms('post', '/api/v1/qrcode', qr);
    conforms('get', '/api/v1/qrcodes', await t.api().get('/api/v1/qrcodes').set(a.auth));
    const bio = await t
      .api()
      .post('/api/v1/bio')
      .set(a.auth)
      .send({ title: 'B', custom_links: [{ title: 'x', url: 'https://e.com/' }] });
    conforms('post', '/api/v1/bio', bio);
    conforms(
      'put',
      '/api/v1/bio',
      await t
        .api()
        .put('/api/v1/bio')
        .set(a.auth)
        .send({ id: bio.body.data.bio_page_id, title: 'C' }),
    );
    conforms('get', '/api/v1/bios', await t.api().get('/api/v1/bios').set(a.auth));
    conforms(
      'post',
      '/api/v1/custom-domains',
      await t
        .api()
        .post('/api/v1/custom-domains')
        .set(a.auth)
        .send({ host: 'openapi.example.net' }),
    );
    conforms('get', '/health', await t.api().get('/health'));
    conforms('get', '/health/ready', await t.api().get('/health/ready'));
    conforms(
      'post',
      '/api/v2/upload',
      await t.api().post('/api/v2/upload').set(a.auth).attach('smfile', png(3, 3), 's.png'),
    );
    const yourls = await t
      .api()
      .get('/yourls')
      .query({ signature: a.token, action: 'version', format: 'json' });
    conforms('get', '/yourls', yourls);
    conforms(
      'get',
      '/yourls',
      await t
        .api()
        .get('/yourls')
        .query({ signature: a.token, action: 'shorturl', url: 'https://e.com/', format: 'json' }),
    );
    const simple = await t
      .api()
      .get('/api/v1/shorten')
      .query({ signature: a.token, url: 'https://e.com/s' });
    conforms('get', '/api/v1/shorten', simple, 'text/plain');
  });
});
