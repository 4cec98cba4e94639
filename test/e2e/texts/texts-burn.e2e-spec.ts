import { createAccount, TestAccount } from '../../factories/account.factory';
import { createTestApp, TestApp } from '../../utils/create-test-app';
import { HOST, BROWSER, SLACK, shareRequests, idOf } from '../../utils/requests';

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

  describe('reading', () => {
    it('should not let a bot use up a burn-after-read text, and burn it for a person', async () => {
      await share({
        content: 'read me once',
        text_type: 'plain_text',
        burn_after_read: true,
        custom_slug: 'burn1',
      }).expect(200);
      for (const ua of [
        SLACK,
        'Discordbot/2.0',
        'TelegramBot (like TwitterBot)',
        'Googlebot/2.1',
      ]) {
        const preview = await page('burn1', ua).expect(200);
        expect(preview.text).not.toContain('read me once');
        expect(preview.text).toContain('read once');
      }
      await t.api().head('/burn1').set('Host', HOST).set('User-Agent', BROWSER).expect(200);
      const person = await page('burn1').expect(200);
      expect(person.text).toContain('read me once');
      expect(person.text).toContain('has now been deleted');
      await page('burn1').expect(404);
      await page('burn1', SLACK).expect(404);
    });

    it('should burn on a raw read by a person too', async () => {
      await share({
        content: 'raw once',
        text_type: 'plain_text',
        burn_after_read: true,
        custom_slug: 'burn2',
      });
      expect((await raw('burn2').expect(200)).body.toString()).toBe('raw once');
      await raw('burn2').expect(404);
    });

    it('should not let the owner reading through the API use it up', async () => {
      const res = await share({ content: 'mine', text_type: 'plain_text', burn_after_read: true });
      await t
        .api()
        .get(`/api/v1/texts/${idOf(res)}`)
        .set(a.auth)
        .expect(200);
      expect((await page(res.body.data.slug).expect(200)).text).toContain('mine');
    });
  });
});
