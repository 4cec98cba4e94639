import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ImportKind } from '../../../src/imports/import-record';
import { ImportOptions, Importer } from '../../../src/imports/importer';
import { PARSERS } from '../../../src/imports/formats/index';
import { createAccount, TestAccount } from '../../factories/account.factory';
import { createTestApp, TestApp } from '../../utils/create-test-app';
import { HOST } from '../../utils/requests';

// Real export files, written by hand from each tool's documented format.
const FIXTURES = join(__dirname, '..', '..', 'fixtures', 'imports');
const fixture = (name: string) => readFileSync(join(FIXTURES, name), 'utf8');

const DEFAULTS: ImportOptions = { onConflict: 'skip', dryRun: false };

interface Listed {
  id: number;
  slug: string;
  target_url: string;
  title: string;
  tags: { name: string }[];
  clicks: number;
  visit_count: number;
  expire_at: number | null;
  created_at: number;
}

describe('Importers', () => {
  // Slugs on a domain are one namespace for all accounts: each case starts on an empty one.
  let t: TestApp;
  beforeEach(async () => (t = await createTestApp()));
  afterEach(() => t.close());

  const run = (a: TestAccount, kind: ImportKind, file: string, o: Partial<ImportOptions> = {}) =>
    t.app.get(Importer).run(a.email, PARSERS[kind](fixture(file)), { ...DEFAULTS, ...o });
  const listed = async (a: TestAccount) => {
    const res = await t.api().get('/api/v1/links?per_page=100').set(a.auth).expect(200);
    return new Map((res.body.data as Listed[]).map((l) => [l.slug, l]));
  };
  const unix = (iso: string) => Date.parse(iso) / 1000;

  it('should import a YOURLS SQL dump: slugs, titles, dates and visit totals', async () => {
    const a = await createAccount(t);
    await t
      .api()
      .post('/api/v1/shorten')
      .set(a.auth)
      .send({ target_url: 'https://example.com/mine', custom_slug: 'taken' })
      .expect(200);
    const summary = await run(a, 'yourls', 'yourls-export.sql');
    expect(summary).toMatchObject({ total: 6, imported: 3, renamed: [], visits: 15 });
    expect(summary.skipped).toEqual([{ at: 4, slug: 'taken', reason: 'slug taken' }]);
    expect(summary.failed).toEqual([
      { at: 5, reason: 'slug "api" is reserved' },
      { at: 6, reason: 'not an http(s) URL: javascript:alert(1)' },
    ]);
    const mine = await listed(a);
    expect(mine.get('yls')).toMatchObject({
      target_url: 'https://yourls.org/',
      title: 'YOURLS: Your Own URL Shortener',
      clicks: 12,
      visit_count: 12,
      created_at: unix('2024-03-01T10:00:00Z'),
    });
    expect(mine.get('ozh')?.title).toBe('It\'s "ozh"');
    expect(mine.get('wiki')?.target_url).toBe(
      'https://en.wikipedia.org/wiki/Foo_(bar),baz?a=1&b=2',
    );
    expect(mine.get('taken')?.target_url).toBe('https://example.com/mine');
    const res = await t.api().get('/yls').set('Host', HOST).expect(302);
    expect(res.headers.location).toBe('https://yourls.org/');
    // The carried-over total is in S.EE's all-time count and in the stats' series.
    const stat = await t
      .api()
      .get('/api/v1/link/visit-stat?slug=yls&period=totally')
      .set(a.auth)
      .expect(200);
    expect(stat.body.data.visit_count).toBe(12);
    // And in the account's totals (YOURLS's db-stats), with the link it had.
    const totals = await t
      .api()
      .get('/yourls')
      .query({ signature: a.token, format: 'json', action: 'db-stats' })
      .expect(200);
    expect(totals.body['db-stats']).toEqual({ total_links: '4', total_clicks: '15' });
    const id = mine.get('yls')!.id;
    const from = unix('2024-03-01T00:00:00Z');
    const stats = await t
      .api()
      .get(
        `/api/v1/links/${id}/stats?from=${from}&to=${from + 86_400 * 3}&interval=day&tz=Europe/Berlin`,
      )
      .set(a.auth)
      .expect(200);
    expect(stats.body.data.totals.visits).toBe(12);
  });

  it('should import a taken slug under a new one with rename, and write nothing on a dry run', async () => {
    const a = await createAccount(t);
    await t
      .api()
      .post('/api/v1/shorten')
      .set(a.auth)
      .send({ target_url: 'https://example.com/mine', custom_slug: 'ozh' })
      .expect(200);
    const dry = await run(a, 'yourls', 'yourls-export.sql', { onConflict: 'rename', dryRun: true });
    expect(dry).toMatchObject({ total: 6, imported: 4, skipped: [] });
    expect(dry.renamed).toEqual([{ at: 2, from: 'ozh', to: '(random)' }]);
    expect((await listed(a)).size).toBe(1);

    const real = await run(a, 'yourls', 'yourls-export.sql', { onConflict: 'rename' });
    expect(real.imported).toBe(4);
    expect(real.renamed).toHaveLength(1);
    const mine = await listed(a);
    const moved = mine.get(real.renamed[0].to);
    expect(moved).toMatchObject({ target_url: 'https://ozh.org/', clicks: 3 });
    expect(mine.get('ozh')?.target_url).toBe('https://example.com/mine');
    // Run again: every slug is now taken, and skip leaves them all alone.
    const again = await run(a, 'yourls', 'yourls-export.sql');
    expect(again.imported).toBe(0);
    expect(again.skipped.map((s) => s.slug)).toEqual(['yls', 'ozh', 'wiki', 'taken']);
    expect((await listed(a)).size).toBe(mine.size);
  });

  it('should import a YOURLS CSV export', async () => {
    const a = await createAccount(t);
    const summary = await run(a, 'yourls', 'yourls-export.csv');
    expect(summary).toMatchObject({ total: 3, imported: 3, failed: [], visits: 15 });
    expect((await listed(a)).get('ozh')?.title).toBe('It\'s "ozh"');
  });

  it("should import Shlink's web client CSV with tags, and its short-url:list table", async () => {
    const a = await createAccount(t);
    const csv = await run(a, 'shlink', 'shlink-export.csv');
    expect(csv).toMatchObject({ total: 3, imported: 2, visits: 49 });
    expect(csv.failed).toEqual([
      { at: 4, reason: 'slug "with space" is not 1-64 letters, digits, _ or -' },
    ]);
    const mine = await listed(a);
    expect(mine.get('abc12')).toMatchObject({
      target_url: 'https://shlink.io/documentation/',
      title: 'Shlink docs',
      visit_count: 42,
      created_at: unix('2024-05-01T09:00:00Z'),
    });
    expect(
      mine
        .get('abc12')!
        .tags.map((x) => x.name)
        .sort(),
    ).toEqual(['docs', 'php']);
    expect(mine.get('gh')).toMatchObject({ created_at: unix('2024-05-02T08:30:00Z'), tags: [] });

    await t.close();
    t = await createTestApp();
    const b = await createAccount(t);
    const table = await run(b, 'shlink', 'shlink-short-url-list.txt');
    expect(table).toMatchObject({ total: 2, imported: 2, failed: [], visits: 49 });
    const theirs = await listed(b);
    expect(theirs.get('gh')?.target_url).toBe('https://github.com/shlinkio/shlink');
    expect(
      theirs
        .get('abc12')!
        .tags.map((x) => x.name)
        .sort(),
    ).toEqual(['docs', 'php']);
  });

  it("should import Kutt's API answer, leaving out links that expired already", async () => {
    const a = await createAccount(t);
    const summary = await run(a, 'kutt', 'kutt-links.json');
    expect(summary).toMatchObject({ total: 3, imported: 2, failed: [], visits: 17 });
    expect(summary.skipped).toEqual([{ at: 3, slug: 'gone', reason: 'expired already' }]);
    const mine = await listed(a);
    expect(mine.get('kutt1')).toMatchObject({ title: 'Kutt on GitHub', visit_count: 17 });
    expect(mine.get('soon')?.expire_at).toBe(unix('2099-01-01T00:00:00Z'));
  });

  it('should import a plain CSV, reporting the row it cannot read', async () => {
    const a = await createAccount(t);
    const summary = await run(a, 'csv', 'links.csv');
    expect(summary).toMatchObject({ total: 3, imported: 2 });
    expect(summary.failed).toEqual([{ at: 4, reason: 'expire_at is not a date' }]);
    const mine = [...(await listed(a)).values()];
    const node = mine.find((l) => l.slug === 'node')!;
    expect(node.tags.map((x) => x.name).sort()).toEqual(['js', 'runtime']);
    const nest = mine.find((l) => l.target_url === 'https://nestjs.com/')!;
    expect(nest.slug).toMatch(/^[A-Za-z0-9]{4,}$/);
    expect(nest.expire_at).toBe(unix('2099-12-31T23:59:59Z'));
    // The tag js is shared, not made twice.
    const tags = await t.api().get('/api/v1/tags').set(a.auth).expect(200);
    expect((tags.body.data.tags as { name: string }[]).map((x) => x.name).sort()).toEqual([
      'framework',
      'js',
      'runtime',
    ]);
  });

  it('should keep a new tag for a row renamed after a conflict, and for the rows after it', async () => {
    const a = await createAccount(t);
    const mine = { target_url: 'https://example.com/mine', custom_slug: 'taken' };
    await t.api().post('/api/v1/shorten').set(a.auth).send(mine).expect(200);
    const csv = 'https://a.example/,taken,,fresh,\nhttps://b.example/,later,,fresh,\n';
    const importer = t.app.get(Importer);
    const summary = await importer.run(a.email, PARSERS.csv(csv), {
      ...DEFAULTS,
      onConflict: 'rename',
    });
    expect(summary).toMatchObject({ imported: 2, failed: [] });
    const links = [...(await listed(a)).values()];
    for (const url of ['https://a.example/', 'https://b.example/']) {
      const link = links.find((l) => l.target_url === url)!;
      expect(link.tags.map((x) => x.name)).toEqual(['fresh']);
    }
  });

  it('should refuse a file that is not of its kind, naming what is wrong', () => {
    expect(() => PARSERS.kutt('not json')).toThrow(/not JSON/);
    expect(() => PARSERS.kutt('{"links": []}')).toThrow(/not a Kutt links answer/);
    expect(() => PARSERS.yourls("INSERT INTO `other` VALUES ('a');")).toThrow(/yourls_url/);
    expect(() => PARSERS.shlink(fixture('links.csv'))).toThrow(/not a Shlink CSV export/);
    expect(() => PARSERS.yourls("INSERT INTO `yourls_url` VALUES ('a','b")).toThrow(
      /unreadable INSERT values/,
    );
  });
});
