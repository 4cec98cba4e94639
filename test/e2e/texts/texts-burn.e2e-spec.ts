import { createAccount, TestAccount } from '../../factories/account.factory';
import { createTestApp, TestApp } from '../../utils/create-test-app';
import { HOST, BROWSER, SLACK, shareRequests, idOf } from '../../utils/requests';
import { Visitor } from '../../utils/visitor';

describe('Text shares', () => {
  let t: TestApp;
  let a: TestAccount;

  beforeAll(async () => {
    t = await createTestApp();
    a = await createAccount(t);
  });
  afterAll(() => t.close());

  const { share, page, raw } = shareRequests(
    () => t,
    () => a,
  );

  const reveal = (slug: string, ua = BROWSER) =>
    t
      .api()
      .post(`/${slug}/reveal`)
      .set('Host', HOST)
      .set('User-Agent', ua)
      .set('Accept', 'text/html');

  describe('reading once', () => {
    it('should ask first: no GET uses it up, by a previewer or a person', async () => {
      await share({
        content: 'read me once',
        text_type: 'plain_text',
        burn_after_read: true,
        custom_slug: 'burn1',
      }).expect(200);
      for (const ua of [SLACK, 'Discordbot/2.0', 'Googlebot/2.1', BROWSER, BROWSER]) {
        const asked = await page('burn1', ua).expect(200);
        expect(asked.text).not.toContain('read me once');
        expect(asked.text).toContain('Reveal the text');
        expect(asked.text).toContain('action="/burn1/reveal"');
        expect(asked.headers['cache-control']).toBe('no-store');
      }
      await t.api().head('/burn1').set('Host', HOST).set('User-Agent', BROWSER).expect(200);
      // The raw view says how to read it, and uses nothing up either.
      const asRaw = await raw('burn1').expect(409);
      expect(asRaw.body.toString()).toMatch(/can be read once/);

      const first = await reveal('burn1').expect(200);
      expect(first.text).toContain('read me once');
      expect(first.text).toContain('deleted as you revealed it');
      expect(first.headers['cache-control']).toBe('no-store');

      // The second reader, and every later visit, hears what happened: 410, not a bare 404.
      const second = await reveal('burn1').expect(410);
      expect(second.text).toContain('This text was read and deleted');
      expect(second.text).not.toContain('read me once');
      for (let i = 0; i < 2; i++) {
        const later = await page('burn1').expect(410);
        expect(later.text).toContain('This text was read and deleted');
      }
      const api = await t.api().get('/burn1').set('Host', HOST).expect(410);
      expect(api.body).toMatchObject({ code: 410, error: 'gone', data: { state: 'read' } });
    });

    it('should hand the raw text over on a POST to its raw address, once', async () => {
      await share({
        content: 'raw once',
        text_type: 'plain_text',
        burn_after_read: true,
        custom_slug: 'burn2',
      });
      const got = await t.api().post('/burn2/raw').set('Host', HOST).expect(200);
      expect(got.text).toBe('raw once');
      await t.api().post('/burn2/raw').set('Host', HOST).expect(410);
    });

    it('should refuse a reveal posted from another site', async () => {
      await share({
        content: 'x',
        text_type: 'plain_text',
        burn_after_read: true,
        custom_slug: 'burn3',
      });
      await reveal('burn3').set('Sec-Fetch-Site', 'cross-site').expect(403);
      await reveal('burn3').set('Sec-Fetch-Site', 'same-origin').expect(200);
    });

    it('should reveal nothing but texts', async () => {
      await share({ content: 'kept', text_type: 'plain_text', custom_slug: 'kept1' });
      await t
        .api()
        .post('/api/v1/shorten')
        .set(a.auth)
        .send({ target_url: 'https://example.com/', custom_slug: 'redir1' })
        .expect(200);
      await reveal('redir1').expect(404);
      // A text that is not one-time is shown by a reveal as by a GET, and kept.
      expect((await reveal('kept1').expect(200)).text).toContain('kept');
      expect((await page('kept1').expect(200)).text).toContain('kept');
    });

    it("should show the owner's own browser session everything, and use nothing up", async () => {
      const v = new Visitor(t);
      await v.logIn(a.email, a.password);
      const res = await share({
        content: 'mine alone',
        text_type: 'plain_text',
        burn_after_read: true,
      }).expect(200);
      const slug = res.body.data.slug as string;
      const mine = await v.get(`/${slug}`);
      expect(mine.status).toBe(200);
      expect(mine.text).toContain('mine alone');
      expect(mine.text).toContain('Only you see it like this');
      // Nobody else's request was answered with it: the reader still gets the reveal step.
      expect((await page(slug).expect(200)).text).toContain('Reveal the text');
    });

    it('should not let the owner reading through the API use it up', async () => {
      const res = await share({ content: 'mine', text_type: 'plain_text', burn_after_read: true });
      await t
        .api()
        .get(`/api/v1/texts/${idOf(res)}`)
        .set(a.auth)
        .expect(200);
      expect((await reveal(res.body.data.slug).expect(200)).text).toContain('mine');
    });
  });
});
