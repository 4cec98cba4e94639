import { createHash, randomInt } from 'node:crypto';

export const RECOVERY_CODES = 10;
// No 0/o, 1/l/i: read off paper and typed again.
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** A code as shown: `xxxxx-xxxxx` (about 49 bits). */
export function newRecoveryCode(): string {
  const pick = () => Array.from({ length: 5 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
  return `${pick()}-${pick()}`;
}

/** A code as stored: what was typed, spaces, dashes and case aside, hashed. */
export const hashRecoveryCode = (code: string): string =>
  createHash('sha256').update(code.toLowerCase().replace(/[\s-]/g, '')).digest('hex');

/** Whether what was typed looks like a recovery code rather than a 6-digit one. */
export const isRecoveryCode = (code: string) => /^[a-z0-9]{5}-?[a-z0-9]{5}$/i.test(code.trim());
