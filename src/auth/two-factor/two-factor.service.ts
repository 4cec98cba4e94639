import { Injectable } from '@nestjs/common';
import { Clock } from '../../common/clock';
import { DomainError } from '../../common/errors/domain-error';
import { Env } from '../../config/env';
import { PasswordAttempts } from '../../rate-limit/password-attempts';
import {
  hashRecoveryCode,
  isRecoveryCode,
  newRecoveryCode,
  RECOVERY_CODES,
} from './recovery-codes';
import { enrolmentUri, newSecret, stepOf } from './totp';
import { TwoFactorRepository } from './two-factor.repository';
import { SecurityLog } from '../security-log/security-log.service';

export interface Enrolment {
  /** The secret for typing in by hand (base32, in groups of four). */
  secret: string;
  /** What the QR code holds. */
  uri: string;
}

const wrongCode = () =>
  new DomainError(401, 'invalid_credentials', 'Wrong code, or a code already used');

/** Two-factor codes: an authenticator app (TOTP) and single-use recovery codes. */
@Injectable()
export class TwoFactorService {
  constructor(
    private readonly factors: TwoFactorRepository,
    private readonly attempts: PasswordAttempts,
    private readonly clock: Clock,
    private readonly env: Env,
    private readonly log: SecurityLog,
  ) {}

  async isEnabled(accountId: number): Promise<boolean> {
    return !!(await this.factors.get(accountId))?.enabledAt;
  }

  async status(accountId: number): Promise<{ enabled: boolean; recoveryCodesLeft: number }> {
    const enabled = await this.isEnabled(accountId);
    return {
      enabled,
      recoveryCodesLeft: enabled ? await this.factors.countUnusedCodes(accountId) : 0,
    };
  }

  /** Begins enrolment: a new secret, working once a code of it is confirmed. */
  async begin(accountId: number, email: string): Promise<Enrolment> {
    if (await this.isEnabled(accountId)) {
      throw new DomainError(
        409,
        'conflict',
        'Two-factor codes are already on; turn them off first',
      );
    }
    const secret = newSecret();
    await this.factors.begin(accountId, secret, new Date(this.clock.now()));
    return this.enrolmentOf(secret, email);
  }

  /** The enrolment begun and not yet confirmed, to show again; null when there is none. */
  async pending(accountId: number, email: string): Promise<Enrolment | null> {
    const f = await this.factors.get(accountId);
    return f && !f.enabledAt ? this.enrolmentOf(f.secret, email) : null;
  }

  /** Confirms enrolment with a code of the app; answers the recovery codes, shown this once. */
  async confirm(
    accountId: number,
    email: string,
    code: string,
    userAgent?: string,
  ): Promise<string[]> {
    await this.attempts.attempt(email);
    const f = await this.factors.get(accountId);
    if (!f || f.enabledAt) {
      throw new DomainError(409, 'conflict', 'There is no enrolment to confirm; start again');
    }
    const step = stepOf(f.secret, code.replace(/\s/g, ''), this.clock.now());
    const now = new Date(this.clock.now());
    if (step === null || !(await this.factors.takeStep(accountId, step, now))) throw wrongCode();
    await this.log.record(accountId, 'two_factor.enabled', { method: 'totp', userAgent });
    return this.makeRecoveryCodes(accountId);
  }

  /**
   * The second step of a log-in: a code of the app (each works once) or a recovery code (each
   * works once), counted in the account's log-in throttle. Answers which it was.
   */
  async verify(accountId: number, email: string, code: string): Promise<'totp' | 'recovery'> {
    await this.attempts.attempt(email);
    const f = await this.factors.get(accountId);
    if (!f?.enabledAt) throw wrongCode();
    const now = this.clock.now();
    if (isRecoveryCode(code)) {
      if (await this.factors.useCode(accountId, hashRecoveryCode(code), new Date(now))) {
        return 'recovery';
      }
      throw wrongCode();
    }
    const step = stepOf(f.secret, code.replace(/\s/g, ''), now);
    if (step === null || !(await this.factors.takeStep(accountId, step))) throw wrongCode();
    return 'totp';
  }

  /** Ten new recovery codes in place of the old ones, shown this once. */
  async newRecoveryCodes(accountId: number, userAgent?: string): Promise<string[]> {
    if (!(await this.isEnabled(accountId))) {
      throw new DomainError(
        409,
        'conflict',
        'Two-factor codes are off: there are no recovery codes',
      );
    }
    await this.log.record(accountId, 'two_factor.recovery_codes', { userAgent });
    return this.makeRecoveryCodes(accountId);
  }

  /**
   * Turns two-factor codes off; `method` says who (`admin`, `cli`; the owner otherwise). False
   * when they were off.
   */
  async disable(accountId: number, by: { method?: string; userAgent?: string } = {}) {
    const was = await this.factors.remove(accountId);
    if (was) await this.log.record(accountId, 'two_factor.disabled', by);
    return was;
  }

  private async makeRecoveryCodes(accountId: number): Promise<string[]> {
    const codes = Array.from({ length: RECOVERY_CODES }, newRecoveryCode);
    await this.factors.replaceCodes(accountId, codes.map(hashRecoveryCode));
    return codes;
  }

  enabledAmong(ids: number[]): Promise<Set<number>> {
    return this.factors.enabledAmong(ids);
  }

  private enrolmentOf(secret: string, email: string): Enrolment {
    const issuer = new URL(this.env.PUBLIC_URL).host;
    return {
      secret: secret.replace(/(.{4})/g, '$1 ').trim(),
      uri: enrolmentUri(secret, email, issuer),
    };
  }
}
