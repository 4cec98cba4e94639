import type { AddressInfo } from 'node:net';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { EventHistory } from '../../../src/outbox/event-history';
import { TestAccount } from '../../factories/account.factory';
import { TestApp } from '../../utils/create-test-app';
import { idOf } from '../../utils/requests';
import { appWithTwoAccounts } from '../../utils/suite';
import { startWebhookReceiver } from '../../utils/webhook-receiver';

interface ToolAnswer {
  isError?: boolean;
  content: { type: string; text: string }[];
}

describe('The MCP endpoint, driven by the SDK’s own client', () => {
  let t: TestApp;
  let a: TestAccount;
  let b: TestAccount;
  let base: string;
  appWithTwoAccounts({ WEBHOOK_ALLOW_PRIVATE: 'true' }, (s) => ({ t, a, b } = s));
  beforeAll(async () => {
    await new Promise<void>((r) => t.http.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(t.http.address() as AddressInfo).port}`;
  });

  const connect = async (token: string) => {
    const client = new Client({ name: 'linkdrop-test', version: '1.0.0' });
    const transport = new StreamableHTTPClientTransport(new URL(`${base}/mcp`), {
      requestInit: { headers: { Authorization: `Bearer ${token}` } },
    });
    await client.connect(transport);
    return client;
  };

  const call = async (client: Client, name: string, args: Record<string, unknown> = {}) =>
    (await client.callTool({ name, arguments: args })) as ToolAnswer;
  const json = (answer: ToolAnswer) => {
    expect(answer.isError ?? false).toBe(false);
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON of every tool's shape
    return JSON.parse(answer.content[0].text) as Record<string, any>;
  };

  const tokenWith = async (who: TestAccount, scopes: string[]) => {
    const res = await t.api().post('/api/v1/tokens').set(who.auth).send({ name: 'agent', scopes });
    expect(res.status).toBe(201);
    return res.body.data.token as string;
  };

  it('should list every tool with its input schema', async () => {
    const client = await connect(a.token);
    const { tools } = await client.listTools();
    expect(tools.map((x) => x.name).sort()).toEqual(
      [
        'create_link',
        'update_link',
        'get_link_rules',
        'set_link_rules',
        'set_link_variants',
        'delete_link',
        'get_link',
        'list_links',
        'create_text',
        'update_text',
        'delete_text',
        'get_text',
        'list_texts',
        'upload_file',
        'delete_file',
        'list_files',
        'get_stats',
        'list_domains',
        'list_tags',
        'create_bundle',
        'update_bundle',
        'delete_bundle',
        'get_bundle',
        'list_bundles',
        'create_bio_page',
        'update_bio_page',
        'delete_bio_page',
        'get_bio_page',
        'list_bio_pages',
      ].sort(),
    );
    const create = tools.find((x) => x.name === 'create_link')!;
    expect(create.inputSchema.required).toEqual(['target_url']);
    await client.close();
  });

  it('should work links through every link tool, as the API does, recorded as MCP', async () => {
    const client = await connect(a.token);
    const made = json(
      await call(client, 'create_link', {
        target_url: 'https://example.com/mcp',
        custom_slug: 'mcp-1',
      }),
    );
    expect(made).toMatchObject({ slug: 'mcp-1', short_url: 'http://localhost:3000/mcp-1' });
    const changed = json(
      await call(client, 'update_link', { id: made.id, title: 'From an agent' }),
    );
    expect(changed.title).toBe('From an agent');
    expect(json(await call(client, 'get_link', { id: made.id })).title).toBe('From an agent');
    expect(json(await call(client, 'get_link', { slug: 'mcp-1' })).id).toBe(made.id);
    const listed = json(await call(client, 'list_links', { q: 'mcp-1' }));
    expect((listed as unknown as { id: number }[]).map((l) => l.id)).toEqual([made.id]);
    const stats = json(await call(client, 'get_stats', { id: made.id }));
    expect(stats).toHaveProperty('from');
    expect(json(await call(client, 'list_domains')).links).toContain('localhost:3000');
    await t.api().post('/api/v1/tags').set(a.auth).send({ name: 'agents' }).expect(201);
    expect(json(await call(client, 'list_tags'))).toEqual([
      expect.objectContaining({ name: 'agents' }),
    ]);
    expect(json(await call(client, 'delete_link', { id: made.id }))).toEqual({
      id: made.id,
      deleted: true,
    });
    const events = await t.app.get(EventHistory).list({ accountId: a.id, action: 'link' }, 1, 3);
    expect(events.map((e) => [e.type, e.client])).toEqual([
      ['link.deleted', 'mcp'],
      ['link.updated', 'mcp'],
      ['link.created', 'mcp'],
    ]);
    await client.close();
  });

  it('should work texts and files, small files as base64 and larger ones from a URL', async () => {
    const client = await connect(a.token);
    const text = json(
      await call(client, 'create_text', { content: '# Hi', text_type: 'markdown' }),
    );
    expect(
      json(await call(client, 'update_text', { id: text.id, content: '# Hello' })).content,
    ).toBe('# Hello');
    expect(json(await call(client, 'get_text', { id: text.id })).content).toBe('# Hello');
    expect((json(await call(client, 'list_texts')) as unknown as unknown[]).length).toBe(1);
    expect(json(await call(client, 'delete_text', { id: text.id }))).toMatchObject({
      deleted: true,
    });

    const small = json(
      await call(client, 'upload_file', {
        filename: 'hello.txt',
        content_base64: Buffer.from('hello from an agent').toString('base64'),
      }),
    );
    expect(small).toMatchObject({ filename: 'hello.txt', size: 19 });
    const server = await startWebhookReceiver();
    server.answer = () => 200;
    const fetched = json(
      await call(client, 'upload_file', { filename: 'answer.txt', url: server.url }),
    );
    expect(fetched.size).toBeGreaterThan(1000);
    await server.close();
    const files = json(await call(client, 'list_files')) as unknown as { file_id: number }[];
    expect(files.map((f) => f.file_id).sort()).toEqual([small.file_id, fetched.file_id].sort());
    expect(json(await call(client, 'delete_file', { id: small.file_id }))).toMatchObject({
      deleted: true,
    });
    await client.close();
  });

  it("should set a link's rules and split, refusing bad ones as the API does", async () => {
    const client = await connect(a.token);
    const link = json(await call(client, 'create_link', { target_url: 'https://example.com/x' }));
    const rules = [
      { conditions: [{ type: 'os', value: 'iOS' }], target_url: 'https://apps.example.com/' },
    ];
    expect(json(await call(client, 'set_link_rules', { id: link.id, rules }))).toEqual({
      rules: [
        { conditions: [{ type: 'os', value: 'ios' }], target_url: 'https://apps.example.com/' },
      ],
    });
    const variants = [
      { target_url: 'https://example.com/a', weight: 1 },
      { target_url: 'https://example.com/b', weight: 1 },
    ];
    await call(client, 'set_link_variants', { id: link.id, variants });
    expect(json(await call(client, 'get_link_rules', { id: link.id }))).toMatchObject({
      rules: [{ target_url: 'https://apps.example.com/' }],
      variants,
    });
    const bad = await call(client, 'set_link_rules', {
      id: link.id,
      rules: [{ conditions: [{ type: 'os', value: 'beos' }], target_url: 'https://x.example/' }],
    });
    expect(bad.isError).toBe(true);
    expect(bad.content[0].text).toContain('rules[0].conditions[0].value');
    const others = await call(client, 'get_link_rules', { id: 99999999 });
    expect(others.isError).toBe(true);
    await client.close();
  });

  it('should work bundles and bio pages', async () => {
    const client = await connect(a.token);
    const file = json(
      await call(client, 'upload_file', {
        filename: 'b.txt',
        content_base64: Buffer.from('in a bundle').toString('base64'),
      }),
    );
    const bundle = json(
      await call(client, 'create_bundle', { title: 'Set', file_ids: [file.file_id] }),
    );
    expect(bundle).toMatchObject({ title: 'Set', files: [{ file_id: file.file_id }] });
    const renamed = json(await call(client, 'update_bundle', { id: bundle.id, title: 'Set 2' }));
    expect(renamed.title).toBe('Set 2');
    expect(json(await call(client, 'get_bundle', { id: bundle.id })).title).toBe('Set 2');
    expect((json(await call(client, 'list_bundles')) as unknown as unknown[]).length).toBe(1);
    expect(json(await call(client, 'delete_bundle', { id: bundle.id }))).toMatchObject({
      deleted: true,
    });

    const bio = json(
      await call(client, 'create_bio_page', {
        title: 'Agent',
        custom_links: [{ title: 'Home', url: 'https://example.com/' }],
      }),
    );
    expect(bio).toMatchObject({ title: 'Agent', custom_links: [{ title: 'Home' }] });
    const changed = json(await call(client, 'update_bio_page', { id: bio.id, title: 'Agent 2' }));
    expect(changed.title).toBe('Agent 2');
    expect(json(await call(client, 'get_bio_page', { id: bio.id })).title).toBe('Agent 2');
    expect(json(await call(client, 'list_bio_pages')).bio_pages).toHaveLength(1);
    expect(json(await call(client, 'delete_bio_page', { id: bio.id }))).toMatchObject({
      deleted: true,
    });
    await client.close();
  });

  it('should honour the token’s scopes, tool by tool', async () => {
    const client = await connect(await tokenWith(a, ['links:read']));
    const refused = await call(client, 'create_link', { target_url: 'https://example.com/' });
    expect(refused.isError).toBe(true);
    expect(refused.content[0].text).toMatch(/^insufficient_scope: .*links:write/);
    expect((await call(client, 'create_text', { content: 'x' })).isError).toBe(true);
    expect(
      (await call(client, 'upload_file', { filename: 'a', content_base64: 'eA==' })).isError,
    ).toBe(true);
    expect((await call(client, 'list_links')).isError ?? false).toBe(false);
    await client.close();
  });

  it("should answer bad input and another account's resources as MCP errors", async () => {
    const theirs = await t
      .api()
      .post('/api/v1/shorten')
      .set(b.auth)
      .send({ target_url: 'https://b.example/' });
    expect(theirs.status).toBe(200);
    const client = await connect(a.token);
    const notUrl = await call(client, 'create_link', { target_url: 'not a url' });
    expect(notUrl.isError).toBe(true);
    expect(notUrl.content[0].text).toMatch(/^validation_failed: .*target_url/);
    const wrongType = await call(client, 'create_link', { target_url: 42 });
    expect(wrongType.isError).toBe(true);
    const missing = await call(client, 'get_link', { id: 999_999 });
    expect(missing.content[0].text).toMatch(/^not_found/);
    const bothOrNone = await call(client, 'upload_file', { filename: 'x' });
    expect(bothOrNone.content[0].text).toMatch(/content_base64 or url/);
    const other = await call(client, 'get_link', { id: idOf(theirs) });
    expect(other.content[0].text).toMatch(/^not_found/);
    expect((await call(client, 'delete_link', { id: idOf(theirs) })).content[0].text).toMatch(
      /^not_found/,
    );
    await expect(client.callTool({ name: 'no_such_tool', arguments: {} })).resolves.toMatchObject({
      isError: true,
    });
    await client.close();
  });

  it('should refuse a call without a token, and answer GET with 405', async () => {
    const res = await t
      .api()
      .post('/mcp')
      .set('Accept', 'application/json, text/event-stream')
      .send({ jsonrpc: '2.0', id: 1, method: 'tools/list' });
    expect(res.status).toBe(401);
    const get = await t.api().get('/mcp').set(a.auth);
    expect(get.status).toBe(405);
    expect(get.body.error.code).toBe(-32000);
  });
});
