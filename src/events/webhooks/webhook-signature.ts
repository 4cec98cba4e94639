import { createHmac, randomBytes } from 'node:crypto';

/** A new signing secret, as Standard Webhooks writes them: `whsec_` + base64 of 32 bytes. */
export const newWebhookSecret = () => `whsec_${randomBytes(32).toString('base64')}`;

/**
 * The headers of a signed delivery (Standard Webhooks): `webhook-id` (the event's id, the same
 * on every attempt), `webhook-timestamp` (Unix seconds of this attempt) and
 * `webhook-signature: v1,<base64 HMAC-SHA256 of "id.timestamp.body">`.
 */
export function signedHeaders(secret: string, id: string, timestamp: number, body: string) {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const signature = createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64');
  return {
    'webhook-id': id,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': `v1,${signature}`,
  };
}
