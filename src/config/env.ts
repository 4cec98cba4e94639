import { Transform } from 'class-transformer';
import { toBool, toInt } from '../common/transforms';
import {
  IsBoolean,
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  IsUrl,
  Matches,
  Max,
  Min,
  MinLength,
  ValidateBy,
  ValidateIf,
} from 'class-validator';
import { USAGE_LIMITS_PATTERN } from '../common/usage-limits';
import type { OidcProviderSettings } from './oidc-settings';
import { TRUST_PROXY_LIST } from './trust-proxy';

const HOSTS = /^[a-z0-9.-]+(:\d+)?(\s*,\s*[a-z0-9.-]+(:\d+)?)*$/i;
const HOSTS_MESSAGE = 'must be comma-separated hosts such as s.example.com,localhost:3000';

/** Every setting of the service. Defaults here must match .env.example. */
export class Env {
  /** Port to listen on. Without PUBLIC_URL, the public address is `http://localhost:<PORT>`. */
  @Transform(toInt) @IsInt() @Min(0) @Max(65535) PORT = 3000;
  /** Interface to listen on. */
  @IsString() HOST = '0.0.0.0';
  /**
   * Public address of the service: links, pages and the API's `{base_url}` (this + `/api/v1`)
   * are made from it. Unset: `http://localhost:<PORT>`.
   */
  @Matches(/^https?:\/\/[^/\s]+(\/[^\s]*)?$/, { message: 'must be an http(s) URL' })
  PUBLIC_URL = 'http://localhost:3000';
  /** The least severe log lines written. */
  @IsIn(['error', 'warn', 'log', 'debug', 'verbose']) LOG_LEVEL = 'log';
  /** `auto`: readable lines on a terminal, JSON lines otherwise (files, Docker, collectors). */
  @IsIn(['auto', 'json', 'pretty']) LOG_FORMAT = 'auto';
  /** Serve Prometheus metrics at `/metrics` (off: 404). */
  @Transform(toBool) @IsBoolean() METRICS_ENABLED = false;
  /** When set, `/metrics` wants `Authorization: Bearer <this>` (else 401). */
  @IsOptional() @IsString() METRICS_TOKEN?: string;
  /**
   * Which proxies may set X-Forwarded-For: false, a hop count (`1`; `true` means 1), or addresses
   * and subnets (`loopback,10.0.0.0/8`). Never "trust everyone": a client could then pick its IP.
   */
  @Transform((p) => toInt({ value: toBool(p) }))
  @ValidateBy({
    name: 'isTrustProxy',
    validator: {
      validate: (v: unknown) =>
        typeof v === 'boolean' ||
        (Number.isInteger(v) && (v as number) >= 0) ||
        (typeof v === 'string' && TRUST_PROXY_LIST.test(v)),
      defaultMessage: () => 'must be false, true (one hop), a hop count, or addresses/subnets',
    },
  })
  TRUST_PROXY: boolean | number | string = false;
  /** Largest JSON or form body (uploads have their own limits, per plan). */
  @Matches(/^\d+(b|kb|mb)$/i, { message: 'must be a size such as 100kb or 3mb' })
  BODY_LIMIT = '10mb';
  /** A connection that sends and receives nothing this long is closed (a stalled upload). */
  @Transform(toInt) @IsInt() @Min(1) HTTP_IDLE_TIMEOUT_SECONDS = 60;

  /**
   * `sqlite:<path>` or `mysql://user:pass@host:3306/db`. `sqlite::memory:` keeps everything in
   * memory until the process ends (a demo; visits are then written on the API's connection).
   */
  @Matches(/^(sqlite:.+|mysql:\/\/.+)$/, {
    message: 'must be sqlite:<path> or mysql://user:pass@host:3306/db',
  })
  DB_URL = 'sqlite:./data/linkdrop.sqlite';
  /** Log every SQL statement. */
  @Transform(toBool) @IsBoolean() DB_LOGGING = false;
  /** MySQL: connections each instance keeps (requests beyond it wait for one). */
  @Transform(toInt) @IsInt() @Min(1) @Max(1000) DB_POOL_SIZE = 10;
  /**
   * MySQL: a statement that has not answered in this many seconds fails (a frozen database).
   * SQLite: so does a write that has waited this long for the write lock.
   */
  @Transform(toInt) @IsInt() @Min(1) DB_QUERY_TIMEOUT_SECONDS = 10;

  /** Hosts short links may live on; the first is the default. Unset: the host of PUBLIC_URL. */
  @IsOptional() @Matches(HOSTS, { message: HOSTS_MESSAGE }) SHORT_DOMAINS?: string;
  /** Signs the cookie that remembers a link password; unset: random at each start. */
  @IsOptional() @IsString() AUTH_COOKIE_SECRET?: string;
  /** Largest text share, in bytes of UTF-8. */
  @Transform(toInt) @IsInt() @Min(1) TEXT_MAX_BYTES = 2 * 1024 * 1024;
  /** Source code is highlighted up to this many characters; the rest is shown plain. */
  @Transform(toInt) @IsInt() @Min(0) TEXT_HIGHLIGHT_MAX_CHARS = 256 * 1024;
  /** How many links the redirect cache keeps in memory. */
  @Transform(toInt) @IsInt() @Min(0) REDIRECT_CACHE_SIZE = 50000;
  /** How long a cached redirect is trusted before the database is asked again. */
  @Transform(toInt) @IsInt() @Min(1) REDIRECT_CACHE_TTL_SECONDS = 60;
  /** How long the guard trusts a token's row (account, plan) before reading it again; 0: off. */
  @Transform(toInt) @IsInt() @Min(0) @Max(60) AUTH_CACHE_SECONDS = 1;

  /** Where file bytes go: a local folder or any S3-compatible store (AWS, MinIO, R2). */
  @IsIn(['local', 's3']) STORAGE_DRIVER = 'local';
  /** Public address of the file bytes (a CDN or the bucket); unset: PUBLIC_URL + /u. */
  @IsOptional()
  @Matches(/^https?:\/\/[^\s]+$/, { message: 'must be an http(s) URL' })
  FILES_PUBLIC_URL?: string;
  /** Where `local` keeps files. */
  @IsString() STORAGE_LOCAL_DIR = './data/uploads';
  /** Partial uploads older than this go (at start, every 10 min); above any stall of a live one. */
  @Transform(toInt) @IsInt() @Min(0) STORAGE_SWEEP_AFTER_SECONDS = 600;
  /**
   * Keep the metadata of uploaded photos (EXIF with its GPS position, camera serials, names,
   * XMP). false, the default, strips it on upload; the upload field `keep_metadata=1` keeps it
   * for one upload.
   */
  @Transform(toBool) @IsBoolean() UPLOAD_KEEP_METADATA = false;
  /** Thumbnails of uploaded images (and videos, with ffmpeg); false makes none. */
  @Transform(toBool) @IsBoolean() UPLOAD_THUMBNAILS = true;
  /**
   * The ffmpeg that makes videos' poster frames (thumbnails); `ffmpeg` on the PATH by default,
   * empty for none. Without one, videos show a neutral card.
   */
  @IsString() FFMPEG_PATH = 'ffmpeg';
  /** Resumable uploads not finished this many hours after they began end (parts removed). */
  @Transform(toInt) @IsInt() @Min(1) UPLOAD_SESSION_HOURS = 24;
  /** S3 endpoint URL; required with `s3`. */
  @ValidateIf((e: Env) => e.STORAGE_DRIVER === 's3')
  @Matches(/^https?:\/\/.+/, { message: 'must be the http(s) URL of the S3 endpoint' })
  STORAGE_S3_ENDPOINT?: string;
  /** S3 region. */
  @IsString() STORAGE_S3_REGION = 'us-east-1';
  /** Bucket; required with `s3`. */
  @ValidateIf((e: Env) => e.STORAGE_DRIVER === 's3')
  @IsString({ message: 'is required when STORAGE_DRIVER=s3' })
  STORAGE_S3_BUCKET?: string;
  /** Access key; required with `s3`. */
  @ValidateIf((e: Env) => e.STORAGE_DRIVER === 's3')
  @IsString({ message: 'is required when STORAGE_DRIVER=s3' })
  STORAGE_S3_ACCESS_KEY_ID?: string;
  /** Secret key; required with `s3`. */
  @ValidateIf((e: Env) => e.STORAGE_DRIVER === 's3')
  @IsString({ message: 'is required when STORAGE_DRIVER=s3' })
  STORAGE_S3_SECRET_ACCESS_KEY?: string;
  /** MinIO and most self-hosted stores want path-style addresses. */
  @Transform(toBool) @IsBoolean() STORAGE_S3_FORCE_PATH_STYLE = true;

  /**
   * Optional Redis: shares redirect-cache invalidations, rate limits, the visit stream and
   * resumable uploads' locks between instances; readiness checks it.
   */
  @IsOptional()
  @Matches(/^rediss?:\/\/.+/, { message: 'must be a redis:// URL' })
  REDIS_URL?: string;

  /**
   * Record each visit (referrer, country, browser...) for analytics and the shares' counts. The
   * request path only copies a few headers into a bounded queue; false turns recording (and its
   * CPU) off, and no visit is counted anywhere.
   */
  @Transform(toBool) @IsBoolean() ANALYTICS_RECORD = true;
  /**
   * A MaxMind GeoLite2/GeoIP2 Country or City `.mmdb` for visitors' countries; unset, the DB-IP
   * Lite database bundled with the app. A trusted proxy's country header wins over either.
   */
  @IsOptional() @IsString() GEOIP_MMDB?: string;
  /**
   * With REDIS_URL: visits an instance took from the stream and did not store within this many
   * seconds (it stopped) are taken over by another instance.
   */
  @Transform(toInt) @IsInt() @Min(1) ANALYTICS_STREAM_CLAIM_SECONDS = 30;
  /** Raw visits are kept this many days (0: for ever). */
  @Transform(toInt) @IsInt() @Min(0) ANALYTICS_RETENTION_DAYS = 90;

  /** Requests per minute per API token; 0 turns the limit off. */
  @Transform(toInt) @IsInt() @Min(0) RATE_LIMIT_API_PER_MINUTE = 600;
  /** Log-in attempts per minute from one IP; 0: no limit. */
  @Transform(toInt) @IsInt() @Min(0) AUTH_LOGIN_PER_MINUTE_PER_IP = 20;
  /** Log-in attempts per minute at one email; 0: no limit. */
  @Transform(toInt) @IsInt() @Min(0) AUTH_LOGIN_PER_MINUTE_PER_ACCOUNT = 10;
  /** Sign-ups per hour from one IP; 0: no limit. */
  @Transform(toInt) @IsInt() @Min(0) AUTH_SIGNUPS_PER_HOUR_PER_IP = 20;

  /**
   * `open`: anyone signs up; `invite`: only through an admin's invitation; `closed`: nobody
   * (accounts come from the CLI; `/signup` is then a 404).
   */
  @IsIn(['open', 'invite', 'closed']) AUTH_SIGNUP: 'open' | 'invite' | 'closed' = 'open';
  /** A browser log-in lasts this many days after its last use. */
  @Transform(toInt) @IsInt() @Min(1) SESSION_DAYS = 30;
  /**
   * Single sign-on: names of OpenID Connect providers, comma-separated (`google,corp`); each is
   * set by `AUTH_OIDC_<NAME>_ISSUER`, `_CLIENT_ID`, `_CLIENT_SECRET`... (see below the table).
   */
  @IsOptional()
  @Matches(/^[A-Za-z0-9_]+(,[A-Za-z0-9_]+)*$/, {
    message: 'AUTH_OIDC_PROVIDERS must be names separated by commas',
  })
  AUTH_OIDC_PROVIDERS?: string;
  /** `false`: no log-in by password (single sign-on only); the CLI still sets passwords. */
  @Transform(toBool) @IsBoolean() AUTH_PASSWORD_LOGIN = true;
  /** The OpenID Connect providers read from `AUTH_OIDC_<NAME>_*` (not a variable itself). */
  oidcProviders: OidcProviderSettings[] = [];
  /** `true`: a new account confirms its email address (a mailed link) before it may log in. */
  @Transform(toBool) @IsBoolean() AUTH_VERIFY_EMAIL = false;
  /** Password-reset mails one address may be sent an hour; 0: no limit. */
  @Transform(toInt) @IsInt() @Min(0) AUTH_RESETS_PER_HOUR_PER_ADDRESS = 3;
  /** Password-reset requests from one IP an hour; 0: no limit. */
  @Transform(toInt) @IsInt() @Min(0) AUTH_RESETS_PER_HOUR_PER_IP = 10;
  /**
   * The SMTP server for mail to people (password resets, address checks):
   * `smtp://user:pass@host:587` (STARTTLS) or `smtps://user:pass@host:465`. Unset: no mail.
   */
  @IsOptional()
  @Matches(/^smtps?:\/\/[^\s]+$/, { message: 'SMTP_URL must be smtp://… or smtps://…' })
  SMTP_URL?: string;
  /** The sender of that mail; unset: `Linkdrop <noreply@<host of PUBLIC_URL>>`. */
  @IsOptional() @IsString() MAIL_FROM?: string;
  /**
   * Days the event history keeps what happened (the audit log, each account's security log,
   * delivered events); undelivered events wait for their subscribers.
   */
  @Transform(toInt) @IsInt() @Min(1) AUDIT_LOG_DAYS = 365;
  /**
   * Let webhooks and other fetches of addresses users give reach private, loopback and
   * link-local addresses (tests, intranets). Off: such addresses are refused.
   */
  @Transform(toBool) @IsBoolean() WEBHOOK_ALLOW_PRIVATE = false;
  /**
   * Seconds between two checks of a watched link's target while it answers; failures back off
   * from there (twice as long after each, at most a week).
   */
  @Transform(toInt) @IsInt() @Min(1) LINK_HEALTH_INTERVAL_SECONDS = 3600;
  /** Hard failures in a row before a watched target is `broken` (and its fallback is used). */
  @Transform(toInt) @IsInt() @Min(1) LINK_HEALTH_FAILURES = 3;
  /** Target checks may reach private, loopback and link-local addresses (tests, intranets). */
  @Transform(toBool) @IsBoolean() LINK_HEALTH_ALLOW_PRIVATE = false;
  /** Publish every event to this RabbitMQ (`amqp://user:pass@host:5672/vhost`); unset: none. */
  @IsOptional()
  @Matches(/^amqps?:\/\/[^\s]+$/, { message: 'EVENTS_AMQP_URL must be amqp://… or amqps://…' })
  EVENTS_AMQP_URL?: string;
  /** The topic exchange events go to (routing key: the event's type). */
  @IsString() @MinLength(1) EVENTS_AMQP_EXCHANGE = 'linkdrop.events';
  /** Publish every event on this Redis pub/sub channel (needs REDIS_URL); unset: none. */
  @IsOptional() @IsString() @MinLength(1) EVENTS_REDIS_CHANNEL?: string;
  /** Where `/` on the default domain sends people instead of the home page (empty: the page). */
  @IsOptional() @IsUrl({ require_tld: false, require_protocol: true }) HOME_REDIRECT_URL?: string;
  /**
   * Whether public pages on custom domains show Linkdrop's brand (the header, "Shared with
   * Linkdrop", the title's suffix); `false` leaves the domain's owner's pages unbranded.
   */
  @Transform(toBool) @IsBoolean() PUBLIC_BRAND_ON_CUSTOM_DOMAINS = true;
  /** Plan of new accounts. */
  @IsString() DEFAULT_PLAN = 'free';
  /** First start with no account: create an admin and print its password and token once. */
  @Transform(toBool) @IsBoolean() AUTH_BOOTSTRAP_ADMIN = true;
  /** That first admin's email. */
  @IsString() AUTH_ADMIN_EMAIL = 'admin@linkdrop.local';

  /** Free plan: largest file, in bytes. */
  @Transform(toInt) @IsInt() @Min(1) PLAN_FREE_MAX_FILE_BYTES = 10 * 1024 * 1024;
  /** Free plan: storage quota, in bytes. */
  @Transform(toInt) @IsInt() @Min(1) PLAN_FREE_QUOTA_BYTES = 1024 * 1024 * 1024;
  /** Pro plan: largest file, in bytes. */
  @Transform(toInt) @IsInt() @Min(1) PLAN_PRO_MAX_FILE_BYTES = 5 * 1024 * 1024 * 1024;
  /** Pro plan: storage quota, in bytes. */
  @Transform(toInt) @IsInt() @Min(1) PLAN_PRO_QUOTA_BYTES = 100 * 1024 * 1024 * 1024;
  /** Custom domains an account of the free plan may have (verified or not). */
  @Transform(toInt) @IsInt() @Min(0) PLAN_FREE_CUSTOM_DOMAINS = 1;
  /** Custom domains an account of the pro plan may have. */
  @Transform(toInt) @IsInt() @Min(0) PLAN_PRO_CUSTOM_DOMAINS = 20;
  /**
   * Day and month limits of the free plan, as `link_day=100,api_month=100000` (metrics api, link,
   * text, upload, qrcode; periods day, month, UTC). Empty: unlimited, S.EE's `-1`.
   */
  @Matches(USAGE_LIMITS_PATTERN, { message: 'must be a list such as link_day=100,api_month=5000' })
  PLAN_FREE_USAGE_LIMITS = '';
  /** Day and month limits of the pro plan (as PLAN_FREE_USAGE_LIMITS). */
  @Matches(USAGE_LIMITS_PATTERN, { message: 'must be a list such as link_day=100,api_month=5000' })
  PLAN_PRO_USAGE_LIMITS = '';
  /** Hosts text shares may live on; unset: SHORT_DOMAINS. The first is the default. */
  @IsOptional() @Matches(HOSTS, { message: HOSTS_MESSAGE }) TEXT_DOMAINS?: string;
  /** Hosts file shares may live on; unset: SHORT_DOMAINS. The first is the default. */
  @IsOptional() @Matches(HOSTS, { message: HOSTS_MESSAGE }) FILE_DOMAINS?: string;
  /** DNS servers for custom-domain checks (`1.1.1.1,[::1]:5353`); unset: the system's. */
  @IsOptional()
  @Matches(/^[0-9a-f.:[\]]+(\s*,\s*[0-9a-f.:[\]]+)*$/i, {
    message: 'must be comma-separated IP addresses, with [v6]:port or v4:port for a port',
  })
  DNS_SERVERS?: string;
  /** Operator domains under which accounts may claim subdomains (`links.example.com`). */
  @IsOptional() @Matches(HOSTS, { message: HOSTS_MESSAGE }) CUSTOM_DOMAIN_ALLOW_SUBDOMAINS?: string;
  /**
   * Where a custom domain should point, shown as its routing record: a host (CNAME) or IP
   * addresses (A/AAAA). Unset: the host of PUBLIC_URL as a CNAME.
   */
  @IsOptional() @IsString() CUSTOM_DOMAIN_TARGET?: string;
}
