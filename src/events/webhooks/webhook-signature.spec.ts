import { Webhook } from 'standardwebhooks';
import { newWebhookSecret, signedHeaders } from './webhook-signature';

describe('Webhook signatures', () => {
  it('should sign as Standard Webhooks verifies, and fail for another secret or body', () => {
    const secret = newWebhookSecret();
    const body = JSON.stringify({
      type: 'link.created',
      timestamp: new Date().toISOString(),
      data: {},
    });
    const headers = signedHeaders(secret, 'evt_1', Math.floor(Date.now() / 1000), body);
    expect(new Webhook(secret).verify(body, headers)).toMatchObject({ type: 'link.created' });
    expect(() => new Webhook(newWebhookSecret()).verify(body, headers)).toThrow();
    expect(() => new Webhook(secret).verify(`${body} `, headers)).toThrow();
    expect(headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]{43}=$/);
  });
});
