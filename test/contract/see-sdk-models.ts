/**
 * S.EE's Python and Java SDKs as they meet the wire (read from `sdotee/sdk.py` and
 * `sdotee/sdk.java`; none of their code is here). Requests carry what those SDKs send for an
 * unset field: Python's dataclass defaults (`""`, `0`, `[]`), Java's `null`s (Jackson writes
 * them). Answers are decoded as Jackson decodes a record with its default settings: a field the
 * record does not declare fails the whole answer (FAIL_ON_UNKNOWN_PROPERTIES); one it declares
 * may be missing; a `String` takes a scalar or null, never an object.
 */
import { Decoder } from './decode';

type Field = 'int' | 'long' | 'bool' | 'string' | Record_ | List;
interface Record_ {
  record: Record<string, Field>;
}
interface List {
  list: Field;
}

const fail = (path: string, want: string, got: unknown): never => {
  throw new Error(`${path}: Jackson wants ${want}, got ${JSON.stringify(got)}`);
};

function decodeField(f: Field, v: unknown, path: string): unknown {
  if (v === undefined) return undefined;
  if (f === 'int' || f === 'long') return Number.isInteger(v) ? v : fail(path, f, v);
  if (f === 'bool') return typeof v === 'boolean' ? v : fail(path, 'boolean', v);
  // Jackson reads a number or a boolean into a String as its text, never an object or array.
  if (f === 'string') return typeof v !== 'object' || v === null ? v : fail(path, 'String', v);
  if ('list' in f) {
    if (v === null) return v;
    return Array.isArray(v)
      ? v.map((x, i) => decodeField(f.list, x, `${path}[${i}]`))
      : fail(path, 'array', v);
  }
  if (v === null) return v;
  if (typeof v !== 'object' || Array.isArray(v)) return fail(path, 'object', v);
  for (const [k, x] of Object.entries(v as Record<string, unknown>)) {
    if (!(k in f.record)) fail(`${path}.${k}`, 'no such property (unknown field)', x);
    decodeField(f.record[k], x, `${path}.${k}`);
  }
  return v;
}

/** A Java record as Jackson reads it: `record({ code: 'int', data: ..., message: 'string' })`. */
export const javaRecord =
  (fields: Record<string, Field>): Decoder<Record<string, unknown>> =>
  (v, p) =>
    decodeField({ record: fields }, v, p) as Record<string, unknown>;

const rec = (record: Record<string, Field>): Record_ => ({ record });
const envelope = (data: Field) => javaRecord({ code: 'int', data, message: 'string' });

/** The Java SDK's response records, per call. */
export const JAVA = {
  /** url/model/Response, text/model/Response */
  created: envelope(rec({ custom_slug: 'string', short_url: 'string', slug: 'string' })),
  /** common/Response: update and delete answers (`data` is a String). */
  action: envelope('string'),
  domains: envelope(rec({ domains: { list: 'string' } })),
  tags: envelope(rec({ tags: { list: rec({ id: 'string', name: 'string' }) } })),
  visitStat: envelope(rec({ visit_count: 'long' })),
  token: envelope(rec({ expires_at: 'long', token: 'string', valid: 'bool' })),
  usage: envelope(
    rec(
      Object.fromEntries(
        ['api', 'link', 'text', 'upload', 'qrcode']
          .flatMap((m) =>
            ['day', 'month'].flatMap((p) => [`${m}_count_${p}`, `${m}_count_${p}_limit`]),
          )
          .map((k) => [k, 'int'])
          .concat([
            ['file_count', 'int'],
            ['storage_usage_mb', 'string'],
            ['storage_usage_limit_mb', 'string'],
          ]),
      ),
    ),
  ),
  qrItem: rec({
    created_at: 'long',
    custom_slug: 'string',
    domain: 'string',
    pdf_url: 'string',
    png_url: 'string',
    scan_count: 'long',
    short_url: 'string',
    slug: 'string',
    svg_url: 'string',
    title: 'string',
  }),
  bioLink: rec({ title: 'string', url: 'string', description: 'string' }),
};
export const JAVA_QR = {
  create: envelope(JAVA.qrItem),
  history: envelope(rec({ qrcodes: { list: JAVA.qrItem }, total: 'long' })),
};
export const JAVA_BIO = {
  create: envelope(rec({ bio_page_id: 'long', short_url: 'string' })),
  history: envelope(
    rec({
      bio_pages: {
        list: rec({
          created_at: 'long',
          custom_links: { list: JAVA.bioLink },
          description: 'string',
          domain: 'string',
          id: 'long',
          link: 'string',
          mastodon_url: 'string',
          rss_url: 'string',
          slug: 'string',
          title: 'string',
        }),
      },
      total: 'long',
    }),
  ),
};

/** What the Python SDK's `CreateShortUrlRequest` sends when only the required fields are set. */
export const pythonShortUrl = (domain: string, target_url: string) => ({
  domain,
  target_url,
  expiration_redirect_url: '',
  expire_at: 0,
  password: '',
  title: '',
  custom_slug: '',
  tag_ids: [] as number[],
});

/** What the Java SDK's `CreateRequest.of(domain, targetUrl)` sends: every other field null. */
export const javaShortUrl = (domain: string, target_url: string) => ({
  custom_slug: null,
  domain,
  expiration_redirect_url: null,
  expire_at: null,
  password: null,
  tag_ids: null,
  target_url,
  title: null,
});
