import { EventDispatcher } from '../../../src/events/dispatch/event-dispatcher';
import { WebhookSender } from '../../../src/events/webhooks/webhook-sender';
import { createAccount } from '../../factories/account.factory';
import { createTestApp, TestApp } from '../../utils/create-test-app';
import { browserSession } from '../../utils/browser-session';
import { startWebhookReceiver, WebhookReceiver } from '../../utils/webhook-receiver';

// /account/webhooks, posted as a browser does: add, see the secret once, test, switch, retry.
describe('The webhooks page', () => {
  let t: TestApp;
  let hook: WebhookReceiver;
  beforeAll(async () => {
    t = await createTestApp({ WEBHOOK_ALLOW_PRIVATE: 'true' });
    hook = await startWebhookReceiver();
  });
  afterAll(async () => {
    await hook.close();
    await t.close();
  });

  const browserOf = (accountId: number) => browserSession(t, accountId);
  const deliver = async () => {
    await t.app.get(EventDispatcher).drain();
    await t.app.get(WebhookSender).drain();
  };

  it('should add an endpoint, show its secret once, and log what it was sent', async () => {
    const a = await createAccount(t);
    const browser = await browserOf(a.id);
    const empty = await browser.get('/account/webhooks').expect(200);
    expect(empty.text).toContain('No webhooks yet.');
    const made = await browser
      .post('/account/webhooks', {
        url: hook.url,
        events: 'link.created, webhook.test',
        description: 'CRM',
      })
      .expect(400);
    expect(made.text).toContain('events');
    const ok = await browser
      .post('/account/webhooks', { url: hook.url, events: 'link.created', description: 'CRM' })
      .expect(201);
    const secret = /whsec_[A-Za-z0-9+/=]+/.exec(ok.text)?.[0];
    expect(secret).toBeDefined();
    const list = await browser.get('/account/webhooks').expect(200);
    expect(list.text).not.toContain(secret!);
    const id = Number(/\/account\/webhooks\/(\d+)"/.exec(list.text)?.[1]);

    await browser.post(`/account/webhooks/${id}/test`).expect(200);
    hook.answer = () => 500;
    await deliver();
    const log = await browser.get(`/account/webhooks/${id}`).expect(200);
    expect(log.text).toContain('webhook.test');
    expect(log.text).toContain('answer 500');
    const delivery = /retry\?delivery=(\d+)/.exec(log.text)![1];
    hook.answer = () => 200;
    const again = await browser
      .post(`/account/webhooks/${id}/retry?delivery=${delivery}`)
      .expect(200);
    expect(again.text).toContain('The delivery is sent again');
    await deliver();
    expect((await browser.get(`/account/webhooks/${id}`)).text).toContain('Delivered');
    expect(hook.received).toHaveLength(2);

    const off = await browser.post(`/account/webhooks/${id}/off`).expect(200);
    expect(off.text).toContain('nothing is sent to it');
    await browser.post(`/account/webhooks/${id}/on`).expect(200);
    await browser.post(`/account/webhooks/${id}/explode`).expect(404);
    // Another account's endpoint is not there.
    const b = await browserOf((await createAccount(t)).id);
    await b.get(`/account/webhooks/${id}`).expect(404);
    await b.post(`/account/webhooks/${id}/delete`).expect(404);
    await browser.post(`/account/webhooks/${id}/retry?delivery=abc`).expect(404);
    const gone = await browser.post(`/account/webhooks/${id}/delete`).expect(200);
    expect(gone.text).toContain('No webhooks yet.');
  });
});
