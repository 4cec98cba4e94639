import { Agent, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { VisitRecorder } from '../../../src/analytics/capture/visit-recorder';
import { LinkRoutingService } from '../../../src/links/rules/link-routing.service';
import type { TestAccount } from '../../factories/account.factory';
import type { TestApp } from '../../utils/create-test-app';
import { BROWSER, HOST, idOf } from '../../utils/requests';
import { appWithTwoAccounts } from '../../utils/suite';

const A = 'https://example.com/a';
const B = 'https://example.com/b';
const C = 'https://example.com/c';

describe('A/B splits', () => {
  let t: TestApp;
  let a: TestAccount;
  let b: TestAccount;
  appWithTwoAccounts({ TRUST_PROXY: 'true' }, (s) => ({ t, a, b } = s));

  let n = 0;
  const link = async (variants?: { target_url: string; weight: number }[]) => {
    const slug = `ab${++n}`;
    const res = await t
      .api()
      .post('/api/v1/shorten')
      .set(a.auth)
      .send({ target_url: 'https://example.com/own', custom_slug: slug })
      .expect(200);
    const id = idOf(res);
    if (variants) {
      await t.api().put(`/api/v1/links/${id}/variants`).set(a.auth).send({ variants }).expect(200);
    }
    return { id, slug };
  };
  const visit = async (slug: string, ip: string) =>
    (
      await t
        .api()
        .get(`/${slug}`)
        .set('Host', HOST)
        .set('User-Agent', BROWSER)
        .set('X-Forwarded-For', ip)
        .expect(302)
    ).headers.location;
  const stats = async (id: number) => {
    await t.app.get(VisitRecorder).flush();
    const res = await t.api().get(`/api/v1/links/${id}/stats`).set(a.auth).expect(200);
    return res.body.data as { top: Record<string, { value: string; visits: number }[]> };
  };

  it('should keep a split, refuse a bad one, and remove it with an empty list', async () => {
    const { id } = await link();
    const put = (body: object) =>
      t.api().put(`/api/v1/links/${id}/variants`).set(a.auth).send(body);
    expect((await t.api().get(`/api/v1/links/${id}/variants`).set(a.auth)).body.data).toEqual({
      variants: [],
      winner: null,
    });
    const variants = [
      { target_url: A, weight: 1 },
      { target_url: B, weight: 3 },
    ];
    expect((await put({ variants }).expect(200)).body.data).toEqual({ variants, winner: null });
    for (const bad of [
      [{ target_url: A, weight: 1 }],
      [
        { target_url: A, weight: 0 },
        { target_url: B, weight: 1 },
      ],
      [
        { target_url: A, weight: 1.5 },
        { target_url: B, weight: 1 },
      ],
      [
        { target_url: A, weight: 1 },
        { target_url: A, weight: 1 },
      ],
      [
        { target_url: 'ftp://x', weight: 1 },
        { target_url: B, weight: 1 },
      ],
      Array.from({ length: 11 }, (_, i) => ({ target_url: `${A}${i}`, weight: 1 })),
    ]) {
      expect((await put({ variants: bad }).expect(400)).body.error).toBe('validation_failed');
    }
    await put({ variants, winner: { after_visits: 10, goal_link_id: id } }).expect(400);
    await t.api().put(`/api/v1/links/${id}/variants`).set(b.auth).send({ variants }).expect(404);
    await t.api().get(`/api/v1/links/${id}/variants`).set(b.auth).expect(404);
    expect((await put({ variants: [] }).expect(200)).body.data).toEqual({
      variants: [],
      winner: null,
    });
  });

  it('should send one visitor to one variant all day, and count visits by variant', async () => {
    const { id, slug } = await link([
      { target_url: A, weight: 1 },
      { target_url: B, weight: 1 },
    ]);
    const seen = new Map<string, string>();
    for (let i = 0; i < 20; i++) {
      const ip = `198.51.100.${i + 1}`;
      const first = await visit(slug, ip);
      for (let j = 0; j < 3; j++) expect(await visit(slug, ip)).toBe(first);
      seen.set(ip, first);
    }
    const counts: Record<string, number> = { [A]: 0, [B]: 0 };
    for (const location of seen.values()) counts[location] += 4;
    expect(counts[A] + counts[B]).toBe(80);
    expect(counts[A]).toBeGreaterThan(0);
    expect(counts[B]).toBeGreaterThan(0);
    const d = await stats(id);
    expect(d.top.variants).toEqual(
      [
        { value: '1', visits: counts[A] },
        { value: '2', visits: counts[B] },
      ].sort((x, y) => y.visits - x.visits || x.value.localeCompare(y.value)),
    );
  });

  it('should split 10,000 visitors within 3 points of the weights', async () => {
    const { slug } = await link([
      { target_url: A, weight: 1 },
      { target_url: B, weight: 2 },
      { target_url: C, weight: 7 },
    ]);
    const server = t.app.getHttpServer();
    if (!server.listening) await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const port = (server.address() as AddressInfo).port;
    const agent = new Agent({ keepAlive: true, maxSockets: 20 });
    const get = (ip: string) =>
      new Promise<string>((resolve, reject) => {
        const req = request(
          {
            port,
            host: '127.0.0.1',
            path: `/${slug}`,
            agent,
            headers: { Host: HOST, 'User-Agent': BROWSER, 'X-Forwarded-For': ip },
          },
          (res) => {
            res.resume();
            res.on('end', () => resolve(res.headers.location ?? ''));
          },
        );
        req.on('error', reject);
        req.end();
      });
    const counts = new Map<string, number>();
    const N = 10_000;
    for (let i = 0; i < N; i += 100) {
      const batch = Array.from({ length: 100 }, (_, j) => {
        const k = i + j;
        return get(`10.${(k >> 16) & 255}.${(k >> 8) & 255}.${k & 255}`);
      });
      for (const location of await Promise.all(batch)) {
        counts.set(location, (counts.get(location) ?? 0) + 1);
      }
    }
    agent.destroy();
    expect([...counts.keys()].sort()).toEqual([A, B, C]);
    expect(Math.abs(counts.get(A)! / N - 0.1)).toBeLessThan(0.03);
    expect(Math.abs(counts.get(B)! / N - 0.2)).toBeLessThan(0.03);
    expect(Math.abs(counts.get(C)! / N - 0.7)).toBeLessThan(0.03);
  });

  it("should split a rule's visitors too, counted under the rule's name", async () => {
    const { id, slug } = await link();
    const rules = [
      {
        conditions: [{ type: 'query', param: 'from', value: 'mail' }],
        target_url: C,
        variants: [
          { target_url: A, weight: 1 },
          { target_url: B, weight: 1 },
        ],
      },
    ];
    await t.api().put(`/api/v1/links/${id}/rules`).set(a.auth).send({ rules }).expect(200);
    const got = await t
      .api()
      .get(`/${slug}?from=mail`)
      .set('Host', HOST)
      .set('X-Forwarded-For', '192.0.2.1')
      .expect(302);
    expect([A, B]).toContain(got.headers.location);
    expect(got.headers.vary).toBe('*');
    const d = await stats(id);
    expect(d.top.variants).toEqual([
      { value: got.headers.location === A ? 'r1.1' : 'r1.2', visits: 1 },
    ]);
  });

  it('should make the variant its owner picks the target, in one call', async () => {
    const { id, slug } = await link([
      { target_url: A, weight: 1 },
      { target_url: B, weight: 1 },
    ]);
    await visit(slug, '192.0.2.10');
    await t
      .api()
      .post(`/api/v1/links/${id}/variants/winner`)
      .set(a.auth)
      .send({ variant: 3 })
      .expect(400);
    await t
      .api()
      .post(`/api/v1/links/${id}/variants/winner`)
      .set(b.auth)
      .send({ variant: 2 })
      .expect(404);
    const res = await t
      .api()
      .post(`/api/v1/links/${id}/variants/winner`)
      .set(a.auth)
      .send({ variant: 2 })
      .expect(200);
    expect(res.body.data.target_url).toBe(B);
    for (let i = 0; i < 5; i++) expect(await visit(slug, `192.0.2.${20 + i}`)).toBe(B);
    expect(
      (await t.api().get(`/api/v1/links/${id}/variants`).set(a.auth)).body.data.variants,
    ).toEqual([]);
  });

  it('should pick the winner by itself after N visits: the variant whose visitors reached the goal', async () => {
    const goal = await link();
    const { id, slug } = await link();
    const variants = [
      { target_url: A, weight: 1 },
      { target_url: B, weight: 1 },
    ];
    const winner = { after_visits: 6, goal_link_id: goal.id };
    const put = await t
      .api()
      .put(`/api/v1/links/${id}/variants`)
      .set(a.auth)
      .send({ variants, winner })
      .expect(200);
    expect(put.body.data.winner).toEqual(winner);
    // Visitors of each variant; only B's go on to the goal.
    const of: Record<string, string[]> = { [A]: [], [B]: [] };
    for (let i = 1; of[A].length < 3 || of[B].length < 3; i++) {
      const ip = `203.0.113.${i}`;
      const location = await visit(slug, ip);
      if (of[location].length < 3) of[location].push(ip);
    }
    const routing = t.app.get(LinkRoutingService);
    for (const ip of of[B]) await visit(goal.slug, ip);
    await t.app.get(VisitRecorder).flush();
    await routing.pickDueWinners();
    const after = (await t.api().get(`/api/v1/links/${id}`).set(a.auth)).body.data;
    expect(after.target_url).toBe(B);
    expect(await visit(slug, '203.0.113.250')).toBe(B);
    expect((await t.api().get(`/api/v1/links/${id}/variants`).set(a.auth)).body.data).toEqual({
      variants: [],
      winner: null,
    });
  });
});
