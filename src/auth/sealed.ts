import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * A value sealed with the installation's key for a round trip through the browser (a cookie):
 * readable, but not alterable; `purpose` keeps a seal of one kind from passing as another.
 */
export function seal(value: object, key: string, purpose: string): string {
  const body = Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${body}.${sign(body, key, purpose)}`;
}

/** The value of a seal this installation made for `purpose`, or null (altered, or not ours). */
export function unseal<T>(sealed: string | undefined, key: string, purpose: string): T | null {
  const [body, sig] = (sealed ?? '').split('.');
  if (!body || !sig) return null;
  const expected = Buffer.from(sign(body, key, purpose));
  const given = Buffer.from(sig);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  try {
    return JSON.parse(Buffer.from(body, 'base64url').toString()) as T;
  } catch {
    return null;
  }
}

const sign = (body: string, key: string, purpose: string) =>
  createHmac('sha256', key).update(`${purpose}\n${body}`).digest('base64url');
