import { SecurityLog } from '../../../src/auth/security-log/security-log.service';
import { WebSessionsService } from '../../../src/auth/sessions/web-sessions.service';
import { createAccount } from '../../factories/account.factory';
import { EventHistory } from '../../../src/outbox/event-history';
import { createTestApp, TestApp } from '../../utils/create-test-app';

// The browsers an account sees and ends one by one, and how long its security log keeps.
describe('Sessions and the security log', () => {
  let t: TestApp;
  beforeAll(async () => (t = await createTestApp({ AUDIT_LOG_DAYS: '30' })));
  afterAll(() => t.close());
  afterEach(() => t.clock.reset());

  it("should end one browser of the account from another, and never another account's", async () => {
    const sessions = t.app.get(WebSessionsService);
    const a = await createAccount(t);
    const b = await createAccount(t);
    const mine = await sessions.start(a.id, 'Mozilla/5.0 (X11; Linux x86_64) Firefox/130.0');
    const phone = await sessions.start(
      a.id,
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
    );
    const theirs = await sessions.start(b.id, 'curl/8.0');
    const me = (await sessions.resolve(mine))!;
    const listed = await sessions.listOf(a.id);
    expect(listed.map((s) => s.device).sort()).toEqual(['Firefox · Linux', 'Mobile Safari · iOS']);
    const phoneId = listed.find((s) => s.device.includes('iOS'))!.id;
    const theirId = (await sessions.listOf(b.id))[0].id;
    const end = (id: string) =>
      t
        .api()
        .post(`/account/sessions/${id}/end`)
        .set('Cookie', `ld_session=${mine}`)
        .type('form')
        .send({ _csrf: me.csrfToken });
    expect((await end(theirId).expect(200)).text).toContain('That browser was already logged out');
    expect(await sessions.resolve(theirs)).not.toBeNull();
    expect((await end(phoneId).expect(200)).text).toContain('That browser is logged out');
    expect(await sessions.resolve(phone)).toBeNull();
    expect(await sessions.resolve(mine)).not.toBeNull();
  });

  it('should keep the security log AUDIT_LOG_DAYS', async () => {
    const log = t.app.get(SecurityLog);
    const a = await createAccount(t);
    await log.record(a.id, 'password.changed');
    t.clock.advance(31 * 86_400_000);
    await log.record(a.id, 'logout');
    await t.app.get(EventHistory).prune();
    expect((await log.list(a.id)).map((e) => e.type)).toEqual(['logout']);
  });
});
