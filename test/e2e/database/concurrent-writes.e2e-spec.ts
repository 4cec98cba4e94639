import { createAccount } from '../../factories/account.factory';
import { createTestApp, TestApp } from '../../utils/create-test-app';
import { idOf } from '../../utils/requests';

// Many creations at once, some failing inside their transaction: each request's writes stand or
// fall alone. (The unit test of UnitOfWork shows SQLite's transactions taking turns; here the
// whole stack is checked for lost or half-kept writes under concurrency, on both databases.)
describe('Concurrent creations', () => {
  let t: TestApp;
  beforeAll(async () => (t = await createTestApp()));
  afterAll(() => t.close());

  it('should keep every created link and its count, and nothing of the failed ones', async () => {
    const a = await createAccount(t);
    const bodies = Array.from({ length: 60 }, (_, i) =>
      // Every third asks for the same slug: one of them wins, the others fail after inserting.
      i % 3 === 0
        ? { target_url: `https://example.com/dup/${i}`, custom_slug: 'same-slug' }
        : { target_url: `https://example.com/ok/${i}`, custom_slug: `ok-${i}` },
    );
    const answers = await Promise.all(
      bodies.map((body) => t.api().post('/api/v1/shorten').set(a.auth).send(body)),
    );
    const made = answers.filter((r) => r.status === 200);
    expect(answers.filter((r) => r.status === 409)).toHaveLength(19);
    expect(made).toHaveLength(41);
    for (const r of made) {
      const id = idOf(r);
      await t.api().get(`/api/v1/links/${id}`).set(a.auth).expect(200);
    }
    const list = await t.api().get('/api/v1/links?per_page=100').set(a.auth).expect(200);
    expect(list.body.data).toHaveLength(41);
    const usage = await t.api().get('/api/v1/usage').set('Authorization', a.token).expect(200);
    expect(usage.body.data.link_count_day).toBe(41);
  });

  it('should keep tagged and untagged creations that commit together, failures left out', async () => {
    // Tagged links are written in a transaction (on SQLite a savepoint inside a group commit),
    // untagged ones as one INSERT; at once, with a taken slug among both kinds.
    const a = await createAccount(t);
    const tag = (await t.api().post('/api/v1/tags').set(a.auth).send({ name: 'mix' })).body.data;
    const bodies = Array.from({ length: 40 }, (_, i) => ({
      target_url: `https://example.com/mix/${i}`,
      custom_slug: i % 5 === 0 ? 'mix-same' : `mix-${i}`,
      tag_ids: i % 2 ? [tag.id as number] : [],
    }));
    const answers = await Promise.all(
      bodies.map((body) => t.api().post('/api/v1/shorten').set(a.auth).send(body)),
    );
    expect(answers.filter((r) => r.status === 409)).toHaveLength(7);
    const made = answers.filter((r) => r.status === 200);
    expect(made).toHaveLength(33);
    for (const r of made) {
      const link = await t
        .api()
        .get(`/api/v1/links/${idOf(r)}`)
        .set(a.auth)
        .expect(200);
      // The body that won (for the shared slug, any of them, tagged or not).
      const asked = bodies.find((b) => b.target_url === link.body.data.target_url)!;
      expect(link.body.data.tags.length).toBe(asked.tag_ids.length);
    }
    const usage = await t.api().get('/api/v1/usage').set('Authorization', a.token).expect(200);
    expect(usage.body.data.link_count_day).toBe(33);
  });
});
