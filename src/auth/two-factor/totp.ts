import { Secret, TOTP } from 'otpauth';

const PERIOD_S = 30;

/** A new shared secret (160 bits, base32), as authenticator apps expect. */
export const newSecret = (): string => new Secret({ size: 20 }).base32;

const totpOf = (secret: string, label = '', issuer = 'Linkdrop') =>
  new TOTP({ issuer, label, secret, period: PERIOD_S, digits: 6, algorithm: 'SHA1' });

/** The `otpauth://` address an authenticator app reads from the QR code. */
export const enrolmentUri = (secret: string, email: string, issuer: string): string =>
  totpOf(secret, email, issuer).toString();

/**
 * The 30-second step a code belongs to, accepting the step before and after (clocks drift), or
 * null for a wrong code.
 */
export function stepOf(secret: string, code: string, now: number): number | null {
  const delta = totpOf(secret).validate({ token: code, timestamp: now, window: 1 });
  return delta === null ? null : Math.floor(now / 1000 / PERIOD_S) + delta;
}

/** The code of a moment (tests, and the CLI's checks). */
export const codeAt = (secret: string, now: number): string =>
  totpOf(secret).generate({ timestamp: now });
