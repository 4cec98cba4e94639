import { LinksRepository } from '../../../src/links/links.repository';
import { createAccount, TestAccount } from '../../factories/account.factory';
import { createTestApp, TestApp } from '../../utils/create-test-app';
import { HOST, shareRequests } from '../../utils/requests';

describe('Short links', () => {
  let t: TestApp;
  let a: TestAccount;

  beforeAll(async () => {
    t = await createTestApp({ SHORT_DOMAINS: 'localhost:3000,go.test' });
    a = await createAccount(t);
  });
  afterAll(() => t.close());

  const { shorten, visit } = shareRequests(
    () => t,
    () => a,
  );

  describe('passwords', () => {
    const form = (slug: string, password: string) =>
      t.api().post(`/${slug}`).set('Host', HOST).type('form').send({ password });

    it('should store only a hash of the password', async () => {
      const res = await shorten({ target_url: 'https://example.com/s', password: 'open sesame' });
      const row = await t.app.get(LinksRepository).getBySlug(1, res.body.data.slug);
      expect(row?.passwordHash).toMatch(/^scrypt\$/);
      expect(row?.passwordHash).not.toContain('open sesame');
    });

    it('should show a form, refuse a wrong password, and open with the right one', async () => {
      await shorten({
        target_url: 'https://example.com/secret',
        custom_slug: 'locked1',
        password: 'open sesame',
      }).expect(200);
      const page = await visit('locked1').expect(401);
      expect(page.headers['content-type']).toMatch(/^text\/html/);
      expect(page.headers['content-security-policy']).toBeDefined();
      expect(page.text).toContain('<form method="post" action="/locked1"');
      expect(page.text).toContain('This link is protected by a password');
      expect(page.text).not.toContain('example.com/secret');

      const wrong = await form('locked1', 'nope').expect(401);
      expect(wrong.text).toContain('Wrong password');

      const right = await form('locked1', 'open sesame').expect(303);
      expect(right.headers.location).toBe('/locked1');
      const cookie = right.headers['set-cookie'][0];
      expect(cookie).toMatch(/^ld_pw_\d+=/);
      expect(cookie).toContain('Path=/locked1');
      expect(cookie).toContain('HttpOnly');
      expect(cookie).toContain('SameSite=Lax');

      const opened = await visit('locked1').set('Cookie', cookie.split(';')[0]).expect(302);
      expect(opened.headers.location).toBe('https://example.com/secret');
      // Never cached: the next visit without the cookie is locked again.
      await visit('locked1').expect(401);
    });

    it('should not let the cookie of one link open another', async () => {
      await shorten({ target_url: 'https://a.example/', custom_slug: 'lockA', password: 'same' });
      await shorten({ target_url: 'https://b.example/', custom_slug: 'lockB', password: 'same' });
      const right = await form('lockA', 'same').expect(303);
      const [nameValue] = right.headers['set-cookie'][0].split(';');
      const value = nameValue.split('=')[1];
      const idB = (await t.app.get(LinksRepository).getBySlug(1, 'lockB'))!.id;
      await visit('lockB').set('Cookie', `ld_pw_${idB}=${value}`).expect(401);
      await visit('lockB').set('Cookie', nameValue).expect(401);
    });

    it('should refuse a forged or expired cookie', async () => {
      await shorten({ target_url: 'https://c.example/', custom_slug: 'lockC', password: 'pw' });
      const id = (await t.app.get(LinksRepository).getBySlug(1, 'lockC'))!.id;
      await visit('lockC').set('Cookie', `ld_pw_${id}=9999999999.forged`).expect(401);
      await visit('lockC').set('Cookie', `ld_pw_${id}=1.whatever`).expect(401);
    });

    it('should accept the password in X-Link-Password for API clients', async () => {
      await shorten({ target_url: 'https://d.example/', custom_slug: 'lockD', password: 'pw' });
      const ok = await visit('lockD').set('X-Link-Password', 'pw').expect(302);
      expect(ok.headers.location).toBe('https://d.example/');
      const bad = await visit('lockD').set('X-Link-Password', 'nope').expect(401);
      expect(bad.body).toMatchObject({ success: false, error: 'password_required' });
    });

    it('should throttle wrong passwords per client and link', async () => {
      await shorten({ target_url: 'https://e.example/', custom_slug: 'lockE', password: 'pw' });
      await shorten({ target_url: 'https://f.example/', custom_slug: 'lockF', password: 'pw' });
      for (let i = 0; i < 5; i++) await form('lockE', `wrong ${i}`).expect(401);
      const limited = await form('lockE', 'pw').set('Accept', 'text/html').expect(429);
      expect(limited.text).toContain('Too many');
      const api = await visit('lockE').set('X-Link-Password', 'pw').expect(429);
      expect(api.body).toMatchObject({ error: 'rate_limited' });
      // Another link is not affected.
      await form('lockF', 'pw').expect(303);
    });
  });
});
