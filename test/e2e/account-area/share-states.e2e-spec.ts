import { AccountsService } from '../../../src/auth/accounts.service';
import { createAccount } from '../../factories/account.factory';
import { png } from '../../factories/file.factory';
import { createTestApp, TestApp } from '../../utils/create-test-app';
import { inSeconds } from '../../utils/requests';
import { Visitor } from '../../utils/visitor';

describe("Share states in the owner's lists", () => {
  let t: TestApp;
  beforeAll(async () => (t = await createTestApp()));
  afterAll(() => t.close());

  it('should show taken down (with its reason), expired, expiring, password, one-time and private', async () => {
    const a = await createAccount(t);
    const api = () => t.api();
    const shorten = (body: object) =>
      api().post('/api/v1/shorten').set(a.auth).send(body).expect(200);
    await shorten({
      target_url: 'https://example.com/a',
      custom_slug: 'st-pw',
      password: 'sesame',
    });
    await shorten({
      target_url: 'https://example.com/b',
      custom_slug: 'st-soon',
      expire_at: inSeconds(3 * 86_400 + 60),
    });
    const down = await shorten({ target_url: 'https://example.com/c', custom_slug: 'st-down' });
    await t.app.get(AccountsService).create('st-admin@example.com', 'admin password!', 'pro', true);
    const admin = new Visitor(t);
    await admin.logIn('st-admin@example.com', 'admin password!');
    await admin.post('/admin/takedown', {
      url: down.body.data.short_url as string,
      reason: 'spam',
    });
    await api()
      .post('/api/v1/text')
      .set(a.auth)
      .send({ content: 'x', burn_after_read: true })
      .expect(200);
    await api()
      .post('/api/v1/file/upload')
      .set(a.auth)
      .field('is_private', '1')
      .attach('file', png(2, 2), 'p.png')
      .expect(200);

    const owner = new Visitor(t);
    await owner.logIn(a.email, a.password);
    const links = (await owner.get('/account/links')).text;
    expect(links).toContain('<span class="badge">Password</span>');
    expect(links).toContain('<span class="badge">Expires in 3 days</span>');
    expect(links).toContain('<span class="badge warn">Taken down: spam</span>');
    expect((await owner.get('/account/texts')).text).toContain(
      '<span class="badge">One-time</span>',
    );
    expect((await owner.get('/account/files')).text).toContain(
      '<span class="badge">Private</span>',
    );

    t.clock.advance(4 * 86_400_000);
    try {
      expect((await owner.get('/account/links')).text).toContain(
        '<span class="badge warn">Expired</span>',
      );
    } finally {
      t.clock.reset();
    }
  });
});
