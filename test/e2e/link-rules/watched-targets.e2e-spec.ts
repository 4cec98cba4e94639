import { createServer, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { TargetWatch } from '../../../src/links/health/target-watch';
import type { TestAccount } from '../../factories/account.factory';
import type { TestApp } from '../../utils/create-test-app';
import { HOST, idOf } from '../../utils/requests';
import { appWithTwoAccounts } from '../../utils/suite';

const HOUR = 3600_000;

/** A real site on loopback: each path answers its own way; `calls` counts what reached it. */
async function startSite() {
  const calls: { method: string; path: string; ua: string }[] = [];
  let broken = true;
  const server: Server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    calls.push({ method: req.method!, path, ua: req.headers['user-agent'] ?? '' });
    const send = (status: number, headers: Record<string, string> = {}) => {
      res.writeHead(status, headers);
      res.end(req.method === 'HEAD' ? undefined : 'body');
    };
    if (path === '/ok') return send(200);
    if (path === '/gone') return send(404);
    if (path === '/down') return send(503);
    if (path === '/bots') return send(403);
    if (path === '/moved') return send(301, { Location: '/elsewhere' });
    if (path === '/slow') return void setTimeout(() => send(200), 400);
    if (path === '/no-head') return send(req.method === 'HEAD' ? 405 : 200);
    if (path === '/flaky') return send(broken ? 500 : 200);
    send(404);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    base,
    calls,
    mend: () => (broken = false),
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

describe('Watched targets', () => {
  let t: TestApp;
  let a: TestAccount;
  let b: TestAccount;
  let site: Awaited<ReturnType<typeof startSite>>;
  appWithTwoAccounts(
    { LINK_HEALTH_ALLOW_PRIVATE: 'true', LINK_HEALTH_FAILURES: '3' },
    (s) => ({ t, a, b } = s),
  );
  beforeAll(async () => (site = await startSite()));
  afterAll(() => site.close());
  afterEach(() => t.clock.reset());

  let n = 0;
  const watched = async (path: string, extra: Record<string, unknown> = {}) => {
    const res = await t
      .api()
      .post('/api/v1/shorten')
      .set(a.auth)
      .send({
        target_url: `${site.base}${path}`,
        custom_slug: `w${++n}`,
        watch_target: true,
        ...extra,
      })
      .expect(200);
    return { id: idOf(res), slug: res.body.data.slug as string };
  };
  const health = async (id: number) =>
    (await t.api().get(`/api/v1/links/${id}`).set(a.auth).expect(200)).body.data.target_health as {
      status: string;
      http_status: number | null;
      checked_at: number | null;
    };
  /** Runs the checks due now, then moves time past the longest back-off. */
  const checkRound = async () => {
    await t.app.get(TargetWatch).checkDue();
    t.clock.advance(200 * HOUR);
  };

  it('should check a watched target with HEAD, as a browser, and record what it answered', async () => {
    const { id } = await watched('/ok');
    expect(await health(id)).toEqual({ status: 'unchecked', http_status: null, checked_at: null });
    await checkRound();
    expect(await health(id)).toMatchObject({ status: 'ok', http_status: 200 });
    const call = site.calls.find((c) => c.path === '/ok')!;
    expect(call.method).toBe('HEAD');
    expect(call.ua).toMatch(/^Mozilla\/5\.0 .*Chrome\//);
    const history = (await t.api().get(`/api/v1/links/${id}/health`).set(a.auth).expect(200)).body
      .data;
    expect(history).toMatchObject({ watched: true, target_health: { status: 'ok' } });
    expect(history.checks[0]).toEqual({
      at: expect.any(Number),
      outcome: 'ok',
      http_status: 200,
      error: null,
    });
    await t.api().get(`/api/v1/links/${id}/health`).set(b.auth).expect(404);
  });

  it.each([
    ['/moved', 'ok', 301],
    ['/slow', 'ok', 200],
    ['/no-head', 'ok', 200],
    ['/bots', 'unknown', 403],
  ])('should count %s as %s', async (path, status, http) => {
    const { id } = await watched(path);
    for (let i = 0; i < 4; i++) await checkRound();
    expect(await health(id)).toMatchObject({ status, http_status: http });
  });

  it('should call a target broken after N hard failures in a row, never before', async () => {
    const gone = await watched('/gone');
    const down = await watched('/down');
    await checkRound();
    await checkRound();
    expect((await health(gone.id)).status).not.toBe('broken');
    await checkRound();
    expect(await health(gone.id)).toMatchObject({ status: 'broken', http_status: 404 });
    expect(await health(down.id)).toMatchObject({ status: 'broken', http_status: 503 });
    const list = await t
      .api()
      .get('/api/v1/links')
      .query({ health: 'broken' })
      .set(a.auth)
      .expect(200);
    const ids = list.body.data.map((l: { id: number }) => l.id);
    expect(ids).toEqual(expect.arrayContaining([gone.id, down.id]));
    expect(
      (await t.api().get('/api/v1/links').query({ health: 'broken' }).set(b.auth)).body.data,
    ).toEqual([]);
    // Nothing was deleted: the link still answers, with its own target (it has no fallback).
    expect(
      (await t.api().get(`/${gone.slug}`).set('Host', HOST).expect(302)).headers.location,
    ).toBe(`${site.base}/gone`);
  });

  it('should send visitors to the fallback while the target is broken, and back once it answers', async () => {
    const { id, slug } = await watched('/flaky', { fallback_url: 'https://example.com/sorry' });
    const where = async () =>
      (await t.api().get(`/${slug}`).set('Host', HOST).expect(302)).headers.location;
    expect(await where()).toBe(`${site.base}/flaky`);
    expect(await where()).toBe(`${site.base}/flaky`); // cached now
    for (let i = 0; i < 3; i++) await checkRound();
    expect((await health(id)).status).toBe('broken');
    expect(await where()).toBe('https://example.com/sorry');
    expect(await where()).toBe('https://example.com/sorry');
    site.mend();
    await checkRound();
    expect(await health(id)).toMatchObject({ status: 'ok', http_status: 200 });
    expect(await where()).toBe(`${site.base}/flaky`);
  });

  it('should back off while a target fails, and check one that answers every interval', async () => {
    const { id } = await watched('/down');
    const watch = t.app.get(TargetWatch);
    const checks = async () =>
      (await t.api().get(`/api/v1/links/${id}/health`).set(a.auth)).body.data.checks
        .length as number;
    await watch.checkDue();
    expect(await checks()).toBe(1);
    // The next check after a failure waits twice the interval (two hours by default).
    t.clock.advance(HOUR + 60_000);
    await watch.checkDue();
    expect(await checks()).toBe(1);
    t.clock.advance(HOUR);
    await watch.checkDue();
    expect(await checks()).toBe(2);
  });

  it('should check at most 10 targets of one host a minute, and the rest a minute later', async () => {
    // Its own host name (the same site), so that the other tests' targets do not count.
    const base = site.base.replace('127.0.0.1', 'localhost');
    const links: number[] = [];
    for (let i = 0; i < 12; i++) {
      const res = await t
        .api()
        .post('/api/v1/shorten')
        .set(a.auth)
        .send({ target_url: `${base}/ok?n=${i}`, watch_target: true })
        .expect(200);
      links.push(idOf(res));
    }
    const checked = async () =>
      (await Promise.all(links.map(health))).filter((h) => h.checked_at !== null).length;
    const watch = t.app.get(TargetWatch);
    await watch.checkDue();
    await watch.checkDue();
    expect(await checked()).toBe(10);
    t.clock.advance(61_000);
    await watch.checkDue();
    await watch.checkDue();
    expect(await checked()).toBe(12);
  });

  it('should refuse private addresses unless allowed, without calling that broken', async () => {
    // A second app, with the default: private and loopback addresses are not checked.
    const { createTestApp } = await import('../../utils/create-test-app');
    const { createAccount } = await import('../../factories/account.factory');
    const strict = await createTestApp();
    try {
      const owner = await createAccount(strict);
      const res = await strict
        .api()
        .post('/api/v1/shorten')
        .set(owner.auth)
        .send({ target_url: `${site.base}/gone`, watch_target: true })
        .expect(200);
      const before = site.calls.length;
      for (let i = 0; i < 4; i++) {
        await strict.app.get(TargetWatch).checkDue();
        strict.clock.advance(200 * HOUR);
      }
      expect(site.calls.length).toBe(before);
      const link = (
        await strict
          .api()
          .get(`/api/v1/links/${idOf(res)}`)
          .set(owner.auth)
      ).body.data;
      expect(link.target_health.status).toBe('unknown');
    } finally {
      await strict.close();
    }
  });

  it('should watch every redirect of an account that asks, and stop when told', async () => {
    const res = await t
      .api()
      .post('/api/v1/shorten')
      .set(b.auth)
      .send({ target_url: `${site.base}/ok` })
      .expect(200);
    const id = idOf(res);
    await checkRound();
    const state = async () =>
      (await t.api().get(`/api/v1/links/${id}/health`).set(b.auth)).body.data as {
        watched: boolean;
        checks: unknown[];
      };
    expect(await state()).toMatchObject({ watched: false, checks: [] });
    const account = await t
      .api()
      .patch('/api/v1/account')
      .set(b.auth)
      .send({ watch_targets: true })
      .expect(200);
    expect(account.body.data.watch_targets).toBe(true);
    await checkRound();
    expect(await state()).toMatchObject({ watched: true, target_health: { status: 'ok' } });
    await t.api().patch('/api/v1/account').set(b.auth).send({ watch_targets: false }).expect(200);
    await checkRound();
    const after = await state();
    expect(after.watched).toBe(false);
    expect(after.checks).toHaveLength(1);
    await t.api().patch('/api/v1/account').set(b.auth).send({ watch_targets: 'yes' }).expect(400);
  });
});
