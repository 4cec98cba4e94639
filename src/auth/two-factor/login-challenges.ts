import { Injectable } from '@nestjs/common';
import { Clock } from '../../common/clock';
import { DomainError } from '../../common/errors/domain-error';
import { Installation } from '../../database/installation';
import { seal, unseal } from '../sealed';

/** How long a person has between the password and the code. */
const VALID_MS = 5 * 60_000;
const PURPOSE = 'login-challenge';

/**
 * What the first step of a log-in (the password) hands the second: the account and a deadline,
 * sealed with the installation's key, so any instance takes it and nothing is stored. Guessing
 * codes against it is held back by the per-account throttle, and a code, once taken, never
 * works again.
 */
@Injectable()
export class LoginChallenges {
  constructor(
    private readonly installation: Installation,
    private readonly clock: Clock,
  ) {}

  async issue(accountId: number): Promise<string> {
    const value = { a: accountId, exp: this.clock.now() + VALID_MS };
    return seal(value, await this.installation.signingKey(), PURPOSE);
  }

  /** The account of a current challenge; 401 for anything else. */
  async accountOf(challenge: unknown): Promise<number> {
    const key = await this.installation.signingKey();
    const c =
      typeof challenge === 'string' && challenge.length <= 200
        ? unseal<{ a: number; exp: number }>(challenge, key, PURPOSE)
        : null;
    if (c && Number.isInteger(c.a) && c.exp > this.clock.now()) return c.a;
    throw new DomainError(
      401,
      'unauthorized',
      'This log-in has expired or is not valid; log in again with your password',
    );
  }
}
