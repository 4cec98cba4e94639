import type { TestAccount } from '../factories/account.factory';
import type { TestApp } from './create-test-app';

/** The default short domain of the test apps (PUBLIC_URL's host). */
export const HOST = 'localhost:3000';
export const BROWSER =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';
export const SLACK = 'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)';

export const inSeconds = (s: number) => Math.floor(Date.now() / 1000) + s;
/** `url` is absolute on PUBLIC_URL; supertest needs the path. */
export const localPath = (url: string) => new URL(url).pathname;

/** The fields of a file record (spec 2.4), sorted. */
export const RECORD_KEYS = [
  'delete',
  'file_id',
  'filename',
  'hash',
  'height',
  'is_private',
  'mime_type',
  'page',
  'path',
  'size',
  'storename',
  'thumb_url',
  'upload_status',
  'url',
  'width',
].sort();

/**
 * The requests the share specs make, bound to an app and a default account that are read when a
 * request is made (specs set them in beforeAll).
 */
export function shareRequests(app: () => TestApp, owner: () => TestAccount) {
  return {
    shorten: (body: Record<string, unknown>, who: TestAccount = owner()) =>
      app().api().post('/api/v1/shorten').set(who.auth).send(body),
    share: (body: Record<string, unknown>, who: TestAccount = owner()) =>
      app().api().post('/api/v1/text').set(who.auth).send(body),
    upload: (buf: Buffer, name = 'a.png', field = 'file', who: TestAccount = owner()) =>
      app().api().post('/api/v1/file/upload').set(who.auth).attach(field, buf, name),
    visit: (slug: string, host = HOST) => app().api().get(`/${slug}`).set('Host', host),
    page: (slug: string, ua = BROWSER) =>
      app().api().get(`/${slug}`).set('Host', HOST).set('User-Agent', ua),
    /** The raw view, its body as bytes whatever its type. */
    raw: (slug: string, ua = BROWSER) =>
      app()
        .api()
        .get(`/${slug}/raw`)
        .set('Host', HOST)
        .set('User-Agent', ua)
        .buffer(true)
        .parse((res, cb) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => cb(null, Buffer.concat(chunks)));
        }),
  };
}

/** The id of the share a creation answer made: S.EE's answers carry it in `Location` only. */
export const idOf = (res: { headers: Record<string, unknown> }): number =>
  Number(/\/api\/v1\/links\/(\d+)$/.exec(String(res.headers.location))?.[1] ?? NaN);
