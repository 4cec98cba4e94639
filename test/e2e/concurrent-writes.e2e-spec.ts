import { createAccount } from '../factories/account.factory';
import { createTestApp, TestApp } from '../utils/create-test-app';

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
      const id = (r.body.data as { id: number }).id;
      await t.api().get(`/api/v1/links/${id}`).set(a.auth).expect(200);
    }
    const list = await t.api().get('/api/v1/links?per_page=100').set(a.auth).expect(200);
    expect(list.body.data).toHaveLength(41);
    const usage = await t.api().get('/api/v1/usage').set('Authorization', a.token).expect(200);
    expect(usage.body.data.link_count_day).toBe(41);
  });
});
