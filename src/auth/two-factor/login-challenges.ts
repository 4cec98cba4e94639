import { Injectable } from '@nestjs/common';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { Clock } from '../../common/clock';
import { DomainError } from '../../common/errors/domain-error';
import { Installation } from '../../database/installation';

/** How long a person has between the password and the code. */
const VALID_MS = 5 * 60_000;

/**
 * What the first step of a log-in (the password, or a single sign-on) hands the second: the
 * account and a deadline, signed with the installation's key, so any instance takes it and
 * nothing is stored. Guessing codes against it is held back by the per-account throttle, and a
 * code, once taken, never works again.
 */
@Injectable()
export class LoginChallenges {
  constructor(
    private readonly installation: Installation,
    private readonly clock: Clock,
  ) {}

  async issue(accountId: number): Promise<string> {
    const body = `${accountId}.${this.clock.now() + VALID_MS}`;
    return `${body}.${await this.sign(body)}`;
  }

  /** The account of a current challenge; 401 for anything else. */
  async accountOf(challenge: unknown): Promise<number> {
    const m =
      typeof challenge === 'string'
        ? /^(\d{1,15})\.(\d{1,15})\.([\w-]{43})$/.exec(challenge)
        : null;
    if (m && Number(m[2]) > this.clock.now()) {
      const expected = Buffer.from(await this.sign(`${m[1]}.${m[2]}`));
      if (timingSafeEqual(expected, Buffer.from(m[3]))) return Number(m[1]);
    }
    throw new DomainError(
      401,
      'unauthorized',
      'This log-in has expired or is not valid; log in again with your password',
    );
  }

  private async sign(body: string): Promise<string> {
    return createHmac('sha256', await this.installation.signingKey())
      .update(`login-challenge\n${body}`)
      .digest('base64url');
  }
}
