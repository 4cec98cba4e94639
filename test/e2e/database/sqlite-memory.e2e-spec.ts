import { VisitRecorder } from '../../../src/analytics/capture/visit-recorder';
import { createAccount } from '../../factories/account.factory';
import { createTestApp, TestApp } from '../../utils/create-test-app';
import { dbKind } from '../../utils/test-database';

// DB_URL=sqlite::memory: (a throwaway service): no writer thread, so visits are written on the
// one connection the API writes on, and must take their turn with its transactions.
(dbKind() === 'sqlite' ? describe : describe.skip)('An in-memory SQLite database', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ DB_URL: 'sqlite::memory:' });
  });
  afterAll(() => t.close());

  it('should write visits and links side by side, every one of them', async () => {
    const a = await createAccount(t);
    const shorten = (slug: string) =>
      t
        .api()
        .post('/api/v1/shorten')
        .set(a.auth)
        .send({ target_url: 'https://example.com/', custom_slug: slug, tag_ids: [] });
    const first = await shorten('mem0').expect(200);
    const recorder = t.app.get(VisitRecorder);
    // Creations (transactions) while batches of visits are flushed on the same connection.
    const work: Promise<unknown>[] = [];
    for (let i = 1; i <= 40; i++) {
      work.push(shorten(`mem${i}`).expect(200));
      for (let v = 0; v < 5; v++) work.push(t.api().get('/mem0').expect(302));
      if (i % 4 === 0) work.push(recorder.flush());
    }
    await Promise.all(work);
    await recorder.flush();
    const listed = await t.api().get('/api/v1/links?per_page=100').set(a.auth).expect(200);
    expect(listed.body.data).toHaveLength(41);
    const stat = await t
      .api()
      .get('/api/v1/link/visit-stat')
      .query({ slug: 'mem0', period: 'totally' })
      .set(a.auth)
      .expect(200);
    expect(stat.body.data.visit_count).toBe(200);
    expect(first.body.data.slug).toBe('mem0');
  });
});
