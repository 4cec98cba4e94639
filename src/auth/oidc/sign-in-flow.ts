import { createHmac, timingSafeEqual } from 'node:crypto';

/** What the start of a sign-on keeps for its return, in a signed cookie (nothing is stored). */
export interface SignInFlow {
  /** The provider's name. */
  p: string;
  /** PKCE code verifier, state and nonce. */
  v: string;
  s: string;
  n: string;
  /** Where to go after; a path on this site. */
  next: string;
  /** Unix ms after which the flow is refused. */
  exp: number;
}

export const FLOW_COOKIE = 'ld_oidc';

export function sealFlow(flow: SignInFlow, key: string): string {
  const body = Buffer.from(JSON.stringify(flow)).toString('base64url');
  return `${body}.${createHmac('sha256', key).update(`oidc-flow\n${body}`).digest('base64url')}`;
}

/** The flow of a cookie this installation sealed, or null (altered, or not ours). */
export function openFlow(sealed: string | undefined, key: string): SignInFlow | null {
  const [body, sig] = (sealed ?? '').split('.');
  if (!body || !sig) return null;
  const expected = Buffer.from(
    createHmac('sha256', key).update(`oidc-flow\n${body}`).digest('base64url'),
  );
  const given = Buffer.from(sig);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  try {
    return JSON.parse(Buffer.from(body, 'base64url').toString()) as SignInFlow;
  } catch {
    return null;
  }
}
