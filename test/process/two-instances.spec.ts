import { createConnection } from 'mysql2/promise';
import { get } from 'node:http';
import { png } from '../factories/file.factory';
import { startS3, TestS3 } from '../utils/s3-server';
import { ensureBuilt, Instance, startBuilt, stopBuilt } from './built-service';
import { freePort } from './service-process';

// Two built instances behind nothing but their ports, over one MariaDB, one Redis and one
// S3-protocol server: what a load balancer in front of them would see.
const mysqlUrl = process.env.TEST_MYSQL_URL;
const redisUrl = process.env.TEST_REDIS_URL;
const DB = 'test_ld_two_instances';
const HOST = 'links.test';

(mysqlUrl && redisUrl ? describe : describe.skip)('Two built instances', () => {
  let s3: TestS3;
  let one: Instance;
  let two: Instance;
  let token = '';
  const dbUrl = () => {
    const url = new URL(mysqlUrl!);
    url.pathname = `/${DB}`;
    return url.toString();
  };
  const admin = async (sql: string) => {
    const url = new URL(mysqlUrl!);
    const conn = await createConnection({
      host: url.hostname,
      port: Number(url.port || 3306),
      user: decodeURIComponent(url.username),
      password: decodeURIComponent(url.password),
    });
    await conn.query(sql);
    await conn.end();
  };

  beforeAll(async () => {
    ensureBuilt();
    await admin(`DROP DATABASE IF EXISTS ${DB}`);
    await admin(`CREATE DATABASE ${DB} CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
    s3 = await startS3();
    const [p1, p2] = [await freePort(), await freePort()];
    const env = {
      ...s3.settings,
      DB_URL: dbUrl(),
      REDIS_URL: redisUrl!,
      // The proxy in front sends one Host to both.
      PUBLIC_URL: `http://${HOST}`,
      LOG_LEVEL: 'warn',
      RATE_LIMIT_API_PER_MINUTE: '40',
      // Long enough that only the Redis invalidation, not expiry, can explain a fresh answer.
      REDIRECT_CACHE_TTL_SECONDS: '3600',
    };
    // Together, as compose starts replicas: one migrates (the others wait for its lock), one
    // creates the first admin.
    [one, two] = await Promise.all([startBuilt(p1, env), startBuilt(p2, env)]);
    const boxes = [one, two].filter((i) => /API token: ld_/.test(i.output()));
    expect(boxes).toHaveLength(1);
    const signup = await fetch(`${one.base}/api/v1/auth/signup`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: 'two@example.com', password: 'two instances' }),
    });
    token = ((await signup.json()) as { data: { token: string } }).data.token;
  }, 180_000);
  afterAll(async () => {
    await stopBuilt(one);
    await stopBuilt(two);
    await s3?.close();
    await admin(`DROP DATABASE IF EXISTS ${DB}`);
  });

  const api = (at: Instance, method: string, path: string, body?: unknown) =>
    fetch(`${at.base}${path}`, {
      method,
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  /** What `at` answers for a short address on the public host right now (status, Location). */
  const visit = (at: Instance, slug: string) =>
    new Promise<string>((resolve, reject) => {
      const req = get(`${at.base}/${slug}`, { headers: { Host: HOST } }, (res) => {
        res.resume();
        resolve(`${res.statusCode} ${res.headers.location ?? ''}`.trim());
      });
      req.on('error', reject);
    });
  const second = () => new Promise((r) => setTimeout(r, 1000));

  it('should redirect at once on one instance a link made on the other', async () => {
    // Instance two looked first and found nothing.
    expect(await visit(two, 'shared-link')).toBe('404');
    const made = await api(one, 'POST', '/api/v1/shorten', {
      target_url: 'https://one.example/',
      custom_slug: 'shared-link',
    });
    expect(made.status).toBe(200);
    expect(await visit(two, 'shared-link')).toBe('302 https://one.example/');
  });

  it('should never serve an update or a delete stale from the other instance after 1 s', async () => {
    // Both instances have it in their redirect caches (the second visit is the fast path).
    for (const at of [one, two, one, two]) {
      expect(await visit(at, 'shared-link')).toBe('302 https://one.example/');
    }
    const put = await api(one, 'PUT', '/api/v1/shorten', {
      slug: 'shared-link',
      target_url: 'https://updated.example/',
    });
    expect(put.status).toBe(200);
    await second();
    expect(await visit(two, 'shared-link')).toBe('302 https://updated.example/');
    const del = await api(two, 'DELETE', '/api/v1/shorten', { slug: 'shared-link' });
    expect(del.status).toBe(200);
    await second();
    expect(await visit(one, 'shared-link')).toBe('404');
  });

  it('should serve and delete through one instance a file uploaded through the other', async () => {
    const image = png(8, 8);
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(image)], { type: 'image/png' }), 'two.png');
    const up = await fetch(`${one.base}/api/v1/file/upload`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}` },
      body: form,
    });
    expect(up.status).toBe(200);
    const file = ((await up.json()) as { data: { path: string; hash: string } }).data;
    expect(await s3.keys()).toContain(file.path.slice(1));
    const bytes = await fetch(`${two.base}/u${file.path}`);
    expect(bytes.status).toBe(200);
    expect(Buffer.from(await bytes.arrayBuffer()).equals(image)).toBe(true);
    const del = await fetch(`${two.base}/api/v1/file/delete/${file.hash}`, { method: 'DELETE' });
    expect(del.status).toBe(200);
    await second();
    expect((await fetch(`${one.base}/u${file.path}`)).status).toBe(404);
    expect(await s3.keys()).not.toContain(file.path.slice(1));
  });

  it('should hold one rate limit across both instances', async () => {
    // A new account, so the earlier requests do not count; 40 a minute, shared through Redis.
    const res = await fetch(`${two.base}/api/v1/auth/signup`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: 'limits@example.com', password: 'two instances' }),
    });
    const fresh = ((await res.json()) as { data: { token: string } }).data.token;
    const statuses: number[] = [];
    for (let i = 0; i < 50; i++) {
      const at = i % 2 === 0 ? one : two;
      const r = await fetch(`${at.base}/api/v1/account`, {
        headers: { Authorization: `Bearer ${fresh}` },
      });
      statuses.push(r.status);
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(40);
    expect(statuses.slice(40)).toEqual(Array(10).fill(429));
  });
});
