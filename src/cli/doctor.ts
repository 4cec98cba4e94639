import { existsSync, statfsSync } from 'node:fs';
import { Readable } from 'node:stream';
import Redis from 'ioredis';
import { DataSource } from 'typeorm';
import { describeDatabase, describeFfmpeg, describeStorage } from '../logging/banner';
import { ffmpegVersion } from '../common/ffmpeg';
import { Env } from '../config/env';
import { buildDataSourceOptions } from '../database/database-options';
import { LocalStorage } from '../files/storage/local.storage';
import { S3Storage } from '../files/storage/s3.storage';

type Verdict = 'ok' | 'warning' | 'PROBLEM';
interface Finding {
  verdict: Verdict;
  what: string;
  detail: string;
}

const reason = (e: unknown) => (e instanceof Error ? e.message : String(e)) || String(e);

/**
 * Checks what the service needs, one line each, in plain words. Exit status 1 when anything is
 * a problem, so it fits a deploy script or a container's health check.
 */
export async function doctor(env: Env): Promise<{ text: string; healthy: boolean }> {
  const findings = [
    ...configuration(env),
    await database(env),
    await storage(env),
    await redis(env),
  ];
  const text = findings.map((f) => `${f.verdict.padEnd(8)} ${f.what}: ${f.detail}`).join('\n');
  return { text, healthy: findings.every((f) => f.verdict !== 'PROBLEM') };
}

function configuration(env: Env): Finding[] {
  const found: Finding[] = [
    { verdict: 'ok', what: 'configuration', detail: `valid; public address ${env.PUBLIC_URL}` },
  ];
  const url = new URL(env.PUBLIC_URL);
  const local = ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
  if (url.protocol === 'http:' && !local) {
    found.push(warn('PUBLIC_URL', 'is http://; browsers and clients will send tokens in clear'));
  }
  if (!env.AUTH_COOKIE_SECRET) {
    found.push(
      warn('AUTH_COOKIE_SECRET', 'unset: unlocked link passwords are forgotten at each restart'),
    );
  }
  if (env.DB_URL.startsWith('mysql:') && !env.REDIS_URL) {
    found.push(warn('REDIS_URL', 'unset: several instances would serve stale redirects'));
  }
  if (!ffmpegVersion(env.FFMPEG_PATH)) {
    found.push(warn('video posters', `${describeFfmpeg(env)}: videos get no thumbnail`));
  } else {
    found.push({ verdict: 'ok', what: 'video posters', detail: describeFfmpeg(env) });
  }
  if (env.GEOIP_MMDB && !existsSync(env.GEOIP_MMDB)) {
    found.push(problem('GEOIP_MMDB', `no file at ${env.GEOIP_MMDB}`));
  }
  return found;
}

async function database(env: Env): Promise<Finding> {
  const what = `database (${describeDatabase(env.DB_URL)})`;
  const db = new DataSource({ ...buildDataSourceOptions(env), migrationsRun: false });
  try {
    await db.initialize();
    await db.query('SELECT 1');
    const pending = await db.showMigrations();
    return pending
      ? warn(what, 'reachable; migrations are pending (they run when the service starts)')
      : { verdict: 'ok', what, detail: 'reachable, schema up to date' };
  } catch (e) {
    return problem(what, `cannot be used: ${reason(e)}`);
  } finally {
    if (db.isInitialized) await db.destroy();
  }
}

async function storage(env: Env): Promise<Finding> {
  const what = `storage (${describeStorage(env)})`;
  try {
    const store =
      env.STORAGE_DRIVER === 's3' ? new S3Storage(env) : new LocalStorage(env.STORAGE_LOCAL_DIR);
    await store.check();
    const key = `.doctor/${process.pid}-${Date.now()}`;
    await store.put(key, Readable.from([Buffer.from('linkdrop doctor')]), 'text/plain');
    await store.delete(key);
    if (env.STORAGE_DRIVER === 'local') {
      const fs = statfsSync(env.STORAGE_LOCAL_DIR);
      const free = (fs.bavail * fs.bsize) / 1024 ** 3;
      if (free < 1) return warn(what, `writable, but only ${free.toFixed(2)} GiB free`);
      return { verdict: 'ok', what, detail: `writable, ${free.toFixed(1)} GiB free` };
    }
    return { verdict: 'ok', what, detail: 'bucket reachable and writable' };
  } catch (e) {
    return problem(what, `cannot store files: ${reason(e)}`);
  }
}

async function redis(env: Env): Promise<Finding> {
  if (!env.REDIS_URL) {
    return { verdict: 'ok', what: 'redis', detail: 'not configured (fine for one instance)' };
  }
  const client = new Redis(env.REDIS_URL, {
    lazyConnect: true,
    connectTimeout: 3000,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.ping();
    return { verdict: 'ok', what: 'redis', detail: 'reachable' };
  } catch (e) {
    const where = new URL(env.REDIS_URL);
    where.password = '';
    return problem('redis', `cannot be reached at ${where.host}: ${reason(e)}`);
  } finally {
    client.disconnect();
  }
}

const warn = (what: string, detail: string): Finding => ({ verdict: 'warning', what, detail });
const problem = (what: string, detail: string): Finding => ({ verdict: 'PROBLEM', what, detail });
