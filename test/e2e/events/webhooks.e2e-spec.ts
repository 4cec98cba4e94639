import { Webhook } from 'standardwebhooks';
import { WebSessionsService } from '../../../src/auth/sessions/web-sessions.service';
import { EventDispatcher } from '../../../src/events/dispatch/event-dispatcher';
import { WebhookSender } from '../../../src/events/webhooks/webhook-sender';
import { TestAccount } from '../../factories/account.factory';
import { TestApp } from '../../utils/create-test-app';
import { appWithTwoAccounts } from '../../utils/suite';
import { startWebhookReceiver, WebhookReceiver } from '../../utils/webhook-receiver';

describe('Webhooks', () => {
  let t: TestApp;
  let a: TestAccount;
  let b: TestAccount;
  let hook: WebhookReceiver;
  appWithTwoAccounts({ WEBHOOK_ALLOW_PRIVATE: 'true' }, (s) => ({ t, a, b } = s));
  beforeAll(async () => (hook = await startWebhookReceiver()));
  afterAll(() => hook.close());
  beforeEach(() => {
    hook.received.length = 0;
    hook.answer = () => 204;
  });

  /** Everything committed so far, dispatched and sent (what the background jobs do). */
  const deliver = async () => {
    await t.app.get(EventDispatcher).drain();
    await t.app.get(WebhookSender).drain();
  };

  const subscribe = async (who: TestAccount, events: string[], url = hook.url) => {
    const res = await t.api().post('/api/v1/webhooks').set(who.auth).send({ url, events });
    expect(res.status).toBe(201);
    return res.body.data as { id: number; secret: string };
  };

  /** A new link of `who`, as GET /api/v1/links shows it. */
  const shorten = async (who: TestAccount, target = 'https://example.com/') => {
    const made = await t.api().post('/api/v1/shorten').set(who.auth).send({ target_url: target });
    expect(made.status).toBe(200);
    const list = await t.api().get('/api/v1/links').set(who.auth).expect(200);
    const link = list.body.data.find((l: { slug: string }) => l.slug === made.body.data.slug);
    return { body: { data: link as { id: number; slug: string } } };
  };

  // Whatever a test left subscribed (a failed one too) must not receive the next test's events.
  afterEach(async () => {
    for (const who of [a, b]) {
      const list = await t.api().get('/api/v1/webhooks').set(who.auth).expect(200);
      for (const ep of list.body.data) await remove(who, ep.id);
    }
  });

  const remove = (who: TestAccount, id: number) =>
    t.api().delete(`/api/v1/webhooks/${id}`).set(who.auth).expect(200);

  it('should answer the secret once, in the Standard Webhooks form, and never again', async () => {
    const res = await t
      .api()
      .post('/api/v1/webhooks')
      .set(a.auth)
      .send({ url: hook.url, events: ['*'], description: 'all of it' });
    expect(res.status).toBe(201);
    expect(Object.keys(res.body.data).sort()).toEqual(
      ['created_at', 'description', 'enabled', 'events', 'id', 'secret', 'url'].sort(),
    );
    expect(res.body.data).toMatchObject({ url: hook.url, events: ['*'], enabled: true });
    expect(res.body.data.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const got = await t.api().get(`/api/v1/webhooks/${res.body.data.id}`).set(a.auth).expect(200);
    expect(got.body.data.secret).toBeUndefined();
    expect(JSON.stringify((await t.api().get('/api/v1/webhooks').set(a.auth)).body)).not.toContain(
      res.body.data.secret,
    );
  });

  it('should sign each delivery so that the standardwebhooks package verifies it', async () => {
    const ep = await subscribe(a, ['link.created']);
    const link = (await shorten(a)).body.data;
    await deliver();
    expect(hook.received).toHaveLength(1);
    const [r] = hook.received;
    const verified = new Webhook(ep.secret).verify(r.body, r.headers as Record<string, string>);
    expect(verified).toMatchObject({
      type: 'link.created',
      data: { id: link.id, target_url: 'https://example.com/', kind: 'redirect' },
    });
    expect(new Date((verified as { timestamp: string }).timestamp).toISOString()).toBe(
      (verified as { timestamp: string }).timestamp,
    );
    expect(r.headers['webhook-id']).toMatch(/^evt_/);
    expect(r.headers['content-type']).toBe('application/json');
    // A body changed on the way fails verification.
    expect(() =>
      new Webhook(ep.secret).verify(
        r.body.replace('example.com', 'evil.example'),
        r.headers as never,
      ),
    ).toThrow();
  });

  it('should send only the types an endpoint asked for, and only its own account’s', async () => {
    await subscribe(a, ['link.deleted']);
    const link = (await shorten(a)).body.data;
    await shorten(b);
    await t.api().delete(`/api/v1/links/${link.id}`).set(a.auth).expect(200);
    await deliver();
    expect(hook.received.map((r) => (JSON.parse(r.body) as { type: string }).type)).toEqual([
      'link.deleted',
    ]);
    expect(JSON.parse(hook.received[0].body).data.id).toBe(link.id);
  });

  it('should retry with back-off after 500s and time-outs, with the same id, until it is delivered', async () => {
    const ep = await subscribe(a, ['link.created']);
    const answers: (number | 'hang')[] = [500, 503, 'hang', 200];
    hook.answer = () => answers.shift() ?? 200;
    await shorten(a);
    await deliver();
    expect(hook.received).toHaveLength(1);
    let [d] = (await t.api().get(`/api/v1/webhooks/${ep.id}/deliveries`).set(a.auth)).body.data;
    expect(d).toMatchObject({ status: 'pending', attempts: 1, response_status: 500 });
    expect(d.next_attempt_at - d.created_at).toBeGreaterThanOrEqual(4);
    // Not due yet: nothing is sent.
    await deliver();
    expect(hook.received).toHaveLength(1);
    t.clock.advance(6_000);
    await deliver();
    t.clock.advance(21_000);
    await deliver(); // the hanging one: 10 s without an answer
    t.clock.advance(81_000);
    await deliver();
    expect(hook.received).toHaveLength(4);
    expect(new Set(hook.received.map((r) => r.headers['webhook-id'])).size).toBe(1);
    [d] = (await t.api().get(`/api/v1/webhooks/${ep.id}/deliveries`).set(a.auth)).body.data;
    expect(Object.keys(d).sort()).toEqual(
      [
        'attempts',
        'created_at',
        'duration_ms',
        'event_id',
        'id',
        'next_attempt_at',
        'response_status',
        'status',
        'type',
      ].sort(),
    );
    expect(d).toMatchObject({
      status: 'delivered',
      attempts: 4,
      response_status: 200,
      next_attempt_at: null,
    });
    expect(d.event_id).toBe(hook.received[0].headers['webhook-id']);
  }, 30_000);

  it('should send a delivery again on request, and a test event to one endpoint', async () => {
    const ep = await subscribe(a, ['link.created']);
    await shorten(a);
    await deliver();
    const [d] = (await t.api().get(`/api/v1/webhooks/${ep.id}/deliveries`).set(a.auth)).body.data;
    const again = await t
      .api()
      .post(`/api/v1/webhooks/${ep.id}/deliveries/${d.id}/retry`)
      .set(a.auth);
    expect(again.status).toBe(201);
    expect(again.body.data).toMatchObject({ id: d.id, status: 'pending' });
    await deliver();
    expect(hook.received).toHaveLength(2);
    expect(hook.received[1].body).toBe(hook.received[0].body);
    expect(hook.received[1].headers['webhook-id']).toBe(hook.received[0].headers['webhook-id']);
    const test = await t.api().post(`/api/v1/webhooks/${ep.id}/test`).set(a.auth);
    expect(test.status).toBe(201);
    expect(test.body.data).toMatchObject({ type: 'webhook.test', status: 'pending' });
    await deliver();
    expect(JSON.parse(hook.received[2].body)).toMatchObject({
      type: 'webhook.test',
      data: { webhook_id: ep.id },
    });
    new Webhook(ep.secret).verify(hook.received[2].body, hook.received[2].headers as never);
  });

  it('should switch an endpoint off after three days of failures, and on again when asked', async () => {
    const ep = await subscribe(a, ['link.created']);
    hook.answer = () => 500;
    await shorten(a);
    await deliver();
    for (let hours = 0; hours < 80; hours += 6) {
      t.clock.advance(6 * 3_600_000);
      await deliver();
    }
    const got = (await t.api().get(`/api/v1/webhooks/${ep.id}`).set(a.auth)).body.data;
    expect(got.enabled).toBe(false);
    expect(got.disabled_reason).toMatch(/Switched off/);
    // Its owner is told on the account's first page.
    const sessions = t.app.get(WebSessionsService);
    const overview = await t
      .api()
      .get('/account')
      .set('Cookie', `ld_session=${await sessions.start(a.id, 'Firefox')}`)
      .expect(200);
    expect(overview.text).toContain(`The webhook ${hook.url} was switched off`);
    const [d] = (await t.api().get(`/api/v1/webhooks/${ep.id}/deliveries`).set(a.auth)).body.data;
    expect(d.status).toBe('failed');
    // Switched off: new events are not sent to it.
    const before = hook.received.length;
    await shorten(a);
    await deliver();
    expect(hook.received).toHaveLength(before);
    const on = await t.api().patch(`/api/v1/webhooks/${ep.id}`).set(a.auth).send({ enabled: true });
    expect(on.body.data).toMatchObject({ enabled: true, disabled_reason: null });
    hook.answer = () => 200;
    await shorten(a);
    await deliver();
    expect(hook.received).toHaveLength(before + 1);
  });

  it('should not follow a redirect: a 3xx is a failed attempt', async () => {
    const ep = await subscribe(a, ['link.created']);
    hook.answer = (r) => (r.path === '/hook' ? { redirect: '/elsewhere' } : 200);
    await shorten(a);
    await deliver();
    expect(hook.received.map((r) => r.path)).toEqual(['/hook']);
    const [d] = (await t.api().get(`/api/v1/webhooks/${ep.id}/deliveries`).set(a.auth)).body.data;
    expect(d).toMatchObject({ status: 'pending', response_status: 302 });
  });

  it("should answer another account's endpoint as if it did not exist", async () => {
    const ep = await subscribe(a, ['*']);
    for (const [method, path] of [
      ['get', `/api/v1/webhooks/${ep.id}`],
      ['patch', `/api/v1/webhooks/${ep.id}`],
      ['delete', `/api/v1/webhooks/${ep.id}`],
      ['post', `/api/v1/webhooks/${ep.id}/test`],
      ['get', `/api/v1/webhooks/${ep.id}/deliveries`],
      ['post', `/api/v1/webhooks/${ep.id}/deliveries/1/retry`],
    ] as const) {
      const res = await t.api()[method](path).set(b.auth).send({});
      expect([method, path, res.status, res.body.error]).toEqual([method, path, 404, 'not_found']);
    }
  });

  it('should refuse bad input with the field named', async () => {
    for (const body of [
      {},
      { url: 'ftp://example.com/', events: ['*'] },
      { url: hook.url, events: [] },
      { url: hook.url, events: ['link.exploded'] },
      { url: hook.url, events: 'link.created' },
      { url: hook.url, events: ['*'], description: 'x'.repeat(201) },
      { url: hook.url, events: ['*'], secret: 'mine' },
    ]) {
      const res = await t.api().post('/api/v1/webhooks').set(a.auth).send(body);
      expect([JSON.stringify(body), res.status, res.body.error]).toEqual([
        JSON.stringify(body),
        400,
        'validation_failed',
      ]);
    }
    const none = await t
      .api()
      .post('/api/v1/webhooks')
      .send({ url: hook.url, events: ['*'] });
    expect(none.status).toBe(401);
    // 20 endpoints an account at most.
    for (let i = 0; i < 20; i++) await subscribe(b, ['link.created']);
    const more = await t
      .api()
      .post('/api/v1/webhooks')
      .set(b.auth)
      .send({ url: hook.url, events: ['*'] });
    expect([more.status, more.body.error]).toEqual([400, 'plan_limit']);
  });
});
