import { createHash, randomBytes } from 'node:crypto';

const TOKEN_PREFIX = 'ld_';

/** A new API token: 192 random bits, recognisable by its `ld_` prefix (secret scanners, humans). */
export const generateToken = (): string => TOKEN_PREFIX + randomBytes(24).toString('base64url');

export const hashToken = (token: string): string =>
  createHash('sha256').update(token, 'utf8').digest('hex');

/** What lists show of a token: enough to tell tokens apart, useless to an attacker. */
export const visiblePrefix = (token: string): string => token.slice(0, 10);
