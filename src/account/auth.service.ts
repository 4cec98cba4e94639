import { Injectable } from '@nestjs/common';
import { Env } from '../config/env';
import { DomainError } from '../common/errors/domain-error';
import { AccountsService } from '../auth/accounts.service';
import { SessionDto, TwoFactorChallengeDto } from './dto/account.dto';
import { TokensService } from '../auth/tokens.service';
import { AccountOverviewService } from './account-overview.service';
import { LoginChallenges } from '../auth/two-factor/login-challenges';
import { TwoFactorService } from '../auth/two-factor/two-factor.service';
import { TwoFactorPolicy } from '../auth/two-factor/two-factor-policy';
import { SecurityLog } from '../auth/security-log/security-log.service';
import type { Account } from '../auth/account.entity';
import { InvitesService } from '../auth/invites/invites.service';
import { EmailChecks } from '../auth/email-tokens/email-checks.service';
import { VerificationRequiredDto } from './dto/by-mail.dto';

@Injectable()
export class AuthService {
  constructor(
    private readonly accounts: AccountsService,
    private readonly tokens: TokensService,
    private readonly overview: AccountOverviewService,
    private readonly challenges: LoginChallenges,
    private readonly twoFactor: TwoFactorService,
    private readonly policy: TwoFactorPolicy,
    private readonly log: SecurityLog,
    private readonly invites: InvitesService,
    private readonly checks: EmailChecks,
    private readonly env: Env,
  ) {}

  /** A session; with AUTH_VERIFY_EMAIL, no session until the mailed link confirms the address. */
  async signup(
    email: string,
    password: string,
    invite?: string,
  ): Promise<SessionDto | VerificationRequiredDto> {
    const id = await this.register(email, password, invite);
    if (this.checks.required) return { verification_required: true, email: email.toLowerCase() };
    return this.session(id, 'sign-up');
  }

  /**
   * A new account, unless sign-up is closed: on the default plan, or through an invitation (its
   * plan; the only way in with AUTH_SIGNUP=invite). Answers its id.
   */
  async register(email: string, password: string, invite?: string): Promise<number> {
    const mode = this.env.AUTH_SIGNUP;
    if (mode === 'closed') {
      throw new DomainError(403, 'signup_closed', 'Sign-up is closed on this server');
    }
    if (!this.env.AUTH_PASSWORD_LOGIN) throw passwordLoginOff();
    if (!invite && mode === 'invite') {
      throw new DomainError(403, 'signup_closed', 'Sign-up on this server is by invitation only');
    }
    const verified = !this.checks.required;
    const create = async (plan: string) =>
      (await this.accounts.create(email, password, plan, false, verified)).id;
    const id = await (invite ? this.invites.redeem(invite, create) : create(this.env.DEFAULT_PLAN));
    if (!verified) await this.checks.send(id);
    return id;
  }

  /** The password: a session, or (with two-factor codes on) a challenge for the second step. */
  async login(
    email: string,
    password: string,
    userAgent?: string,
  ): Promise<SessionDto | TwoFactorChallengeDto> {
    const { account, challenge } = await this.firstStep(email, password, userAgent, true);
    if (challenge) return { two_factor_required: true, challenge };
    return this.session(account.id, 'log-in');
  }

  /** The second step: the first step's challenge and a code of the app or a recovery code. */
  async secondStep(challenge: string, code: string, userAgent?: string): Promise<SessionDto> {
    const id = await this.checkSecondFactor(challenge, code, userAgent);
    return this.session(id, 'log-in');
  }

  /**
   * A log-in's first step, the password: answers the account and, when it uses two-factor codes,
   * the challenge for the second step (no log-in yet). `enrolled`: an account the server
   * requires codes of and that has none is refused (the API; the browser lets it in to enrol).
   */
  async firstStep(
    email: string,
    password: string,
    userAgent: string | undefined,
    enrolled: boolean,
  ): Promise<{ account: Account; challenge: string | null }> {
    if (!this.env.AUTH_PASSWORD_LOGIN) throw passwordLoginOff();
    const account = await this.checkPassword(email, password, userAgent);
    if (await this.twoFactor.isEnabled(account.id)) {
      return { account, challenge: await this.challenges.issue(account.id) };
    }
    if (enrolled && (await this.policy.requires(account))) {
      throw new DomainError(
        403,
        'forbidden',
        'This server requires two-factor codes for this account: turn them on in the browser ' +
          '(/account/security) first',
      );
    }
    await this.log.record(account.id, 'login', { method: 'password', userAgent });
    return { account, challenge: null };
  }

  /** The password, checked and logged (a failure too); answers the account. */
  private async checkPassword(
    email: string,
    password: string,
    userAgent?: string,
  ): Promise<Account> {
    try {
      return await this.accounts.verifyCredentials(email, password);
    } catch (e) {
      const known = await this.accounts.findByEmail(email);
      if (known) {
        await this.log.record(known.id, 'login.failed', {
          method: 'password',
          success: false,
          userAgent,
        });
      }
      throw e;
    }
  }

  /** A code for a challenge, checked and logged; answers the account's id. */
  async checkSecondFactor(challenge: string, code: string, userAgent?: string): Promise<number> {
    const id = await this.challenges.accountOf(challenge);
    const account = await this.accounts.getById(id);
    try {
      const how = await this.twoFactor.verify(id, account.email, code);
      await this.log.record(id, 'login', {
        method: how === 'totp' ? 'password+totp' : 'password+recovery_code',
        userAgent,
      });
      return id;
    } catch (e) {
      await this.log.record(id, 'login.failed', {
        method: 'password+code',
        success: false,
        userAgent,
      });
      throw e;
    }
  }

  private async session(accountId: number, origin: string): Promise<SessionDto> {
    const { token } = await this.tokens.issue(accountId, `${origin} ${new Date().toISOString()}`);
    return { token, account: await this.overview.describe(accountId) };
  }
}

const passwordLoginOff = () =>
  new DomainError(
    403,
    'forbidden',
    'Passwords are off on this server: sign in with single sign-on',
  );
