import { createAccount, TestAccount } from '../../factories/account.factory';
import { png } from '../../factories/file.factory';
import { createTestApp, TestApp } from '../../utils/create-test-app';
import { HOST } from '../../utils/requests';

/** A sample's value in Prometheus text: `name{a="1",b="2"} 3`; labels in any order. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number {
  for (const line of text.split('\n')) {
    const m = /^([a-z_:]+)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m || m[1] !== name) continue;
    const have = Object.fromEntries(
      [...(m[2] ?? '').matchAll(/(\w+)="([^"]*)"/g)].map((x) => [x[1], x[2]]),
    );
    if (Object.entries(labels).every(([k, v]) => have[k] === v)) return Number(m[3]);
  }
  return NaN;
}

describe('Prometheus metrics', () => {
  it('should be off by default', async () => {
    const t = await createTestApp();
    try {
      const res = await t.api().get('/metrics').expect(404);
      expect(res.body.error).toBe('not_found');
    } finally {
      await t.close();
    }
  });

  describe('when enabled with a token', () => {
    let t: TestApp;
    let a: TestAccount;
    const scrape = async () =>
      (await t.api().get('/metrics').set('Authorization', 'Bearer scrape-secret').expect(200)).text;

    beforeAll(async () => {
      t = await createTestApp({
        METRICS_ENABLED: 'true',
        METRICS_TOKEN: 'scrape-secret',
        PLAN_FREE_MAX_FILE_BYTES: '2000',
      });
      a = await createAccount(t);
    });
    afterAll(() => t.close());

    it('should refuse a scrape without the token, or with another one', async () => {
      expect((await t.api().get('/metrics').expect(401)).body.error).toBe('unauthorized');
      await t.api().get('/metrics').set('Authorization', 'Bearer scrape-secreT').expect(401);
      await t.api().get('/metrics').set('Authorization', 'scrape-secret').expect(401);
    });

    it('should answer Prometheus text with the process metrics', async () => {
      const res = await t.api().get('/metrics').set('Authorization', 'Bearer scrape-secret');
      expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(sample(res.text, 'process_resident_memory_bytes')).toBeGreaterThan(0);
      // Background work (the outbox, the visit writer on MySQL) may hold a connection meanwhile.
      const inUse = sample(res.text, 'linkdrop_db_pool_connections', { state: 'in_use' });
      const idle = sample(res.text, 'linkdrop_db_pool_connections', { state: 'idle' });
      expect(inUse).toBeGreaterThanOrEqual(0);
      expect(idle).toBeGreaterThanOrEqual(0);
      expect(inUse + idle).toBeGreaterThan(0);
      expect(sample(res.text, 'linkdrop_visit_queue_depth')).toBeGreaterThanOrEqual(0);
    });

    it('should count requests by route pattern and status, with their latency', async () => {
      const before = await scrape();
      const created = { method: 'POST', route: '/api/v1/shorten', status: '200' };
      const was = sample(before, 'linkdrop_http_requests_total', created) || 0;
      for (let i = 0; i < 3; i++) {
        await t
          .api()
          .post('/api/v1/shorten')
          .set(a.auth)
          .send({ target_url: 'https://example.com/m' })
          .expect(200);
      }
      await t.api().get('/api/v1/links/999999').set(a.auth).expect(404);
      const after = await scrape();
      expect(sample(after, 'linkdrop_http_requests_total', created)).toBe(was + 3);
      const missing = { method: 'GET', route: '/api/v1/links/:id', status: '404' };
      expect(sample(after, 'linkdrop_http_requests_total', missing)).toBe(1);
      const count = { method: 'POST', route: '/api/v1/shorten' };
      expect(sample(after, 'linkdrop_http_request_duration_seconds_count', count)).toBe(was + 3);
      const slow = { ...count, le: '+Inf' };
      expect(sample(after, 'linkdrop_http_request_duration_seconds_bucket', slow)).toBe(was + 3);
    });

    it('should count redirects by path, and the cache that serves the fast ones', async () => {
      const { slug } = (
        await t
          .api()
          .post('/api/v1/shorten')
          .set(a.auth)
          .send({ target_url: 'https://example.com/r' })
          .expect(200)
      ).body.data as { slug: string };
      const before = await scrape();
      for (let i = 0; i < 3; i++) await t.api().get(`/${slug}`).set('Host', HOST).expect(302);
      const after = await scrape();
      const delta = (name: string, labels: Record<string, string> = {}) =>
        sample(after, name, labels) - sample(before, name, labels);
      // The first goes through the framework (and fills the cache); the next two do not.
      expect(delta('linkdrop_redirects_total', { path: 'framework' })).toBe(1);
      expect(delta('linkdrop_redirects_total', { path: 'fast' })).toBe(2);
      expect(delta('linkdrop_redirect_cache_entries')).toBe(1);
      expect(sample(after, 'linkdrop_redirect_cache_hit_ratio')).toBeGreaterThan(0);
      expect(sample(after, 'linkdrop_redirect_cache_hit_ratio')).toBeLessThanOrEqual(1);
    });

    it('should count stored uploads and their bytes, and failures by reason', async () => {
      const image = png(4, 4);
      const before = await scrape();
      await t
        .api()
        .post('/api/v1/file/upload')
        .set(a.auth)
        .attach('file', image, 'a.png')
        .expect(200);
      await t
        .api()
        .post('/api/v1/file/upload')
        .set(a.auth)
        .attach('file', Buffer.alloc(5000, 1), 'big.bin')
        .expect(413);
      const after = await scrape();
      const delta = (name: string, labels: Record<string, string> = {}) =>
        (sample(after, name, labels) || 0) - (sample(before, name, labels) || 0);
      expect(delta('linkdrop_uploads_total')).toBe(1);
      expect(delta('linkdrop_upload_bytes_total')).toBe(image.length);
      expect(delta('linkdrop_upload_failures_total', { reason: 'file_too_large' })).toBe(1);
    });
  });
});
