import { WebSessionsService } from '../../src/auth/sessions/web-sessions.service';
import type { TestApp } from './create-test-app';

/**
 * A signed-in browser of `accountId`: pages fetched with its session cookie, forms posted as a
 * browser posts them (urlencoded, with the session's CSRF token).
 */
export async function browserSession(t: TestApp, accountId: number) {
  const sessions = t.app.get(WebSessionsService);
  const secret = await sessions.start(accountId, 'Mozilla/5.0 Firefox/130.0');
  const { csrfToken } = (await sessions.resolve(secret))!;
  return {
    get: (path: string) => t.api().get(path).set('Cookie', `ld_session=${secret}`),
    post: (path: string, form: Record<string, string> = {}) =>
      t
        .api()
        .post(path)
        .set('Cookie', `ld_session=${secret}`)
        .type('form')
        .send({ _csrf: csrfToken, ...form }),
  };
}
