import type { TestApp } from './create-test-app';

/** A browser's session over plain HTTP: its cookies, and the CSRF token of the last page. */
export class Visitor {
  cookies = new Map<string, string>();
  csrf = '';
  /** Sent with every request (`X-Forwarded-For` behind a trusted proxy...). */
  headers: Record<string, string> = {};
  constructor(private readonly t: TestApp) {}

  private keep<R extends { headers: Record<string, unknown>; text?: string }>(res: R): R {
    for (const c of (res.headers['set-cookie'] as string[] | undefined) ?? []) {
      const [pair] = c.split(';');
      const [name, value] = [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)];
      if (/Max-Age=0/.test(c)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    const m = /name="_csrf" value="([^"]+)"/.exec(res.text ?? '');
    if (m) this.csrf = m[1];
    return res;
  }

  private get cookie() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  async get(path: string) {
    return this.keep(
      await this.t
        .api()
        .get(path)
        .set(this.headers)
        .set('Accept', 'text/html')
        .set('Cookie', this.cookie),
    );
  }

  async post(path: string, form: Record<string, string | string[]>, csrf = this.csrf) {
    const res = await this.t
      .api()
      .post(path)
      .set(this.headers)
      .set('Accept', 'text/html')
      .set('Cookie', this.cookie)
      .type('form')
      .send({ ...form, _csrf: csrf });
    return this.keep(res);
  }

  async signUp(email: string, password = 'a long enough password') {
    await this.get('/signup');
    return this.post('/signup', { email, password });
  }

  /** Logs in, then opens the account page (so the next post has the session's CSRF token). */
  async logIn(email: string, password: string) {
    await this.get('/login');
    const res = await this.post('/login', { email, password });
    await this.get('/account');
    return res;
  }
}
