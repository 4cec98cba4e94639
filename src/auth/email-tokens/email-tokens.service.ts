import { Injectable } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { Clock } from '../../common/clock';
import { hashToken } from '../token';
import { EmailTokenPurpose } from './email-token.entity';
import { EmailTokensRepository } from './email-tokens.repository';

/** Single-use secrets for links sent by mail: 192 random bits, stored hashed, each with an end. */
@Injectable()
export class EmailTokens {
  constructor(
    private readonly tokens: EmailTokensRepository,
    private readonly clock: Clock,
  ) {}

  /** A new secret for the account, in place of its unused ones of the same purpose. */
  async issue(accountId: number, purpose: EmailTokenPurpose, validMs: number): Promise<string> {
    const secret = randomBytes(24).toString('base64url');
    const now = this.clock.now();
    await this.tokens.retire(accountId, purpose, new Date(now));
    await this.tokens.deleteExpiredBefore(new Date(now - 86_400_000));
    await this.tokens.insert({
      accountId,
      purpose,
      tokenHash: hashToken(secret),
      expiresAt: new Date(now + validMs),
      createdAt: new Date(now),
    });
    return secret;
  }

  /** The account a secret was for, using it up; null for a wrong, used or expired one. */
  take(secret: unknown, purpose: EmailTokenPurpose): Promise<number | null> {
    if (typeof secret !== 'string' || secret.length > 64) return Promise.resolve(null);
    return this.tokens.take(hashToken(secret), purpose, new Date(this.clock.now()));
  }
}
