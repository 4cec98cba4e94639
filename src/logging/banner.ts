import { Env } from '../config/env';
import { ffmpegVersion } from '../common/ffmpeg';

/** Where the data lives, without a password: `mysql://root@db:3306/linkdrop`. */
export function describeDatabase(dbUrl: string): string {
  if (dbUrl.startsWith('sqlite:')) return `SQLite ${dbUrl.slice('sqlite:'.length)}`;
  const url = new URL(dbUrl);
  url.password = '';
  return `MySQL ${url
    .toString()
    .replace(/^mysql:\/\//, '')
    .replace(/^:?@/, '')}`;
}

export function describeStorage(env: Env): string {
  return env.STORAGE_DRIVER === 's3'
    ? `S3 bucket ${env.STORAGE_S3_BUCKET} at ${env.STORAGE_S3_ENDPOINT}`
    : `local folder ${env.STORAGE_LOCAL_DIR}`;
}

/** Whether videos get poster frames: the ffmpeg found, or why not. */
export function describeFfmpeg(env: Env): string {
  const version = ffmpegVersion(env.FFMPEG_PATH);
  if (version) return `ffmpeg ${version} (${env.FFMPEG_PATH})`;
  return env.FFMPEG_PATH ? `off (no ffmpeg at "${env.FFMPEG_PATH}")` : 'off (FFMPEG_PATH empty)';
}

/** The SMTP server without its password. */
function describeSmtp(url: string): string {
  const u = new URL(url);
  u.password = '';
  return u.toString().replace(/\/$/, '');
}

/** The facts an operator checks first, as `label: value` pairs. */
export function bannerFacts(env: Env, address: string): Record<string, string> {
  const redis = env.REDIS_URL ? new URL(env.REDIS_URL) : null;
  if (redis) redis.password = '';
  return {
    address,
    'public URL': env.PUBLIC_URL,
    database: describeDatabase(env.DB_URL),
    storage: describeStorage(env),
    redis: redis ? redis.toString() : 'off (one instance)',
    'sign-up': env.AUTH_SIGNUP + (env.AUTH_VERIFY_EMAIL ? ' (addresses confirmed by mail)' : ''),
    mail: env.SMTP_URL ? describeSmtp(env.SMTP_URL) : 'off (no password resets by mail)',
    metrics: env.METRICS_ENABLED ? `/metrics${env.METRICS_TOKEN ? ' (token)' : ''}` : 'off',
    'video posters': describeFfmpeg(env),
  };
}

export function bannerText(version: string, facts: Record<string, string>): string {
  const width = Math.max(...Object.keys(facts).map((k) => k.length));
  const rows = Object.entries(facts).map(([k, v]) => `  ${`${k}:`.padEnd(width + 2)}${v}`);
  return [`Linkdrop ${version} is ready`, ...rows].join('\n');
}

/** A block no one scrolls past: the first admin's password and token, shown once. */
export function boxed(lines: string[]): string {
  const width = Math.max(...lines.map((l) => l.length));
  const bar = `+${'-'.repeat(width + 2)}+`;
  return [bar, ...lines.map((l) => `| ${l.padEnd(width)} |`), bar].join('\n');
}
