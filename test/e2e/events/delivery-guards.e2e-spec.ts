import type { AddressInfo } from 'node:net';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { EventDispatcher } from '../../../src/events/dispatch/event-dispatcher';
import { WebhookSender } from '../../../src/events/webhooks/webhook-sender';
import { createAccount } from '../../factories/account.factory';
import { createTestApp, TestApp } from '../../utils/create-test-app';
import { startWebhookReceiver, WebhookReceiver } from '../../utils/webhook-receiver';

describe('Webhook delivery: the SSRF guard, and two instances', () => {
  describe('without WEBHOOK_ALLOW_PRIVATE', () => {
    let t: TestApp;
    beforeAll(async () => (t = await createTestApp({ WEBHOOK_ALLOW_PRIVATE: 'false' })));
    afterAll(() => t.close());

    it('should refuse private, loopback and link-local addresses, however they are written', async () => {
      const a = await createAccount(t);
      for (const url of [
        'http://127.0.0.1/hook',
        'http://localhost:8080/hook',
        'http://[::1]/hook',
        'http://10.1.2.3/hook',
        'http://192.168.1.1/hook',
        'http://172.16.0.1/hook',
        'http://169.254.169.254/latest/meta-data',
        'http://[::ffff:127.0.0.1]/hook',
        'http://[fe80::1]/hook',
        'http://0.0.0.0/hook',
        'http://2130706433/hook',
      ]) {
        const res = await t
          .api()
          .post('/api/v1/webhooks')
          .set(a.auth)
          .send({ url, events: ['*'] });
        expect([url, res.status, res.body.error]).toEqual([url, 400, 'url_not_allowed']);
      }
    });

    it('should not fetch a file for an agent from a loopback address', async () => {
      const a = await createAccount(t);
      const server = await startWebhookReceiver();
      await new Promise<void>((r) => t.http.listen(0, '127.0.0.1', r));
      const port = (t.http.address() as AddressInfo).port;
      const client = new Client({ name: 'test', version: '1.0.0' });
      await client.connect(
        new StreamableHTTPClientTransport(new URL(`http://127.0.0.1:${port}/mcp`), {
          requestInit: { headers: { Authorization: `Bearer ${a.token}` } },
        }),
      );
      const res = (await client.callTool({
        name: 'upload_file',
        arguments: { filename: 'x.txt', url: server.url },
      })) as { isError?: boolean; content: { text: string }[] };
      expect(res.isError).toBe(true);
      expect(res.content[0].text).toMatch(/^url_not_allowed: 127\.0\.0\.1 is a private/);
      expect(server.received).toHaveLength(0);
      await client.close();
      await server.close();
    });
  });

  describe('two instances on one database', () => {
    let one: TestApp;
    let two: TestApp;
    let hook: WebhookReceiver;
    beforeAll(async () => {
      one = await createTestApp({ WEBHOOK_ALLOW_PRIVATE: 'true' });
      two = await createTestApp({ WEBHOOK_ALLOW_PRIVATE: 'true', DB_URL: one.dbUrl });
      hook = await startWebhookReceiver();
    });
    afterAll(async () => {
      await hook.close();
      await two.close();
      await one.close();
    });

    it('should deliver each event once, whichever instance dispatches and sends it', async () => {
      const a = await createAccount(one);
      await one
        .api()
        .post('/api/v1/webhooks')
        .set(a.auth)
        .send({ url: hook.url, events: ['link.created'] })
        .expect(201);
      const apps = [one, two];
      for (let i = 0; i < 40; i++) {
        await apps[i % 2]
          .api()
          .post('/api/v1/shorten')
          .set(a.auth)
          .send({ target_url: `https://example.com/${i}` })
          .expect(200);
      }
      const work = () =>
        Promise.all(
          apps.flatMap((app) => [
            app.app.get(EventDispatcher).drain(),
            app.app.get(EventDispatcher).drain(),
          ]),
        ).then(() => Promise.all(apps.map((app) => app.app.get(WebhookSender).drain())));
      await Promise.all([work(), work()]);
      await work();
      const ids = hook.received.map((r) => r.headers['webhook-id']);
      expect(ids).toHaveLength(40);
      expect(new Set(ids).size).toBe(40);
    });
  });
});
