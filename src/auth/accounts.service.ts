import { Injectable } from '@nestjs/common';
import { DomainError, notFound } from '../common/errors/domain-error';
import { Actor, RequestContexts } from '../common/request-context';
import { toUnix } from '../common/time';
import { Tx, UnitOfWork } from '../database/unit-of-work';
import type { EventType } from '../outbox/event-types';
import { Outbox } from '../outbox/outbox';
import { Account } from './account.entity';
import { AccountsRepository } from './accounts.repository';
import { AuthCache } from './auth-cache';
import { assertPlanActive, toAuthenticated } from './auth-row';
import type { AuthenticatedAccount } from './authenticated-account';
import { hashPassword, verifyPassword } from './password';
import { PlansService } from './plans/plans.service';
import { Env } from '../config/env';
import { TwoFactorService } from './two-factor/two-factor.service';

// Compared against when the email is unknown, so both failures take the same time.
const DUMMY_HASH = hashPassword('not-a-real-password');

@Injectable()
export class AccountsService {
  constructor(
    private readonly accounts: AccountsRepository,
    private readonly plans: PlansService,
    private readonly authCache: AuthCache,
    private readonly twoFactor: TwoFactorService,
    private readonly env: Env,
    private readonly uow: UnitOfWork,
    private readonly outbox: Outbox,
  ) {}

  /** A new account; `verified` false: it confirms its address before it may log in. */
  async create(
    email: string,
    password: string,
    planCode: string,
    isAdmin = false,
    verified = true,
  ) {
    const plan = await this.plans.getByCode(planCode);
    const values = {
      email: normalizeEmail(email),
      passwordHash: await hashPassword(password),
      planId: plan.id,
      isAdmin,
      emailVerifiedAt: verified ? new Date() : null,
    };
    const id = await this.uow.run(async (tx) => {
      const account = await this.accounts.insert(values, tx);
      if (!account) {
        throw new DomainError(409, 'email_taken', 'An account with this email already exists');
      }
      // Signing up by itself (no one signed in): the account is who acted.
      const ctx = RequestContexts.current();
      const self = ctx && ctx.client !== 'cli' && ctx.actor.type === 'system';
      const actor = self ? { type: 'account' as const, id: account.id } : undefined;
      await this.record('account.created', { ...account, plan }, tx, actor);
      return account.id;
    });
    return this.getById(id);
  }

  async verifyCredentials(email: string, password: string): Promise<Account> {
    const account = await this.accounts.getByEmail(normalizeEmail(email));
    const ok = await verifyPassword(password, account?.passwordHash ?? (await DUMMY_HASH));
    if (!account || !ok) {
      throw new DomainError(401, 'invalid_credentials', 'Wrong email or password');
    }
    // Refused before any token or session exists (only to whoever knows the password).
    if (account.disabledAt) {
      throw new DomainError(
        403,
        'account_disabled',
        'This account has been disabled; ask the operator of this server to enable it again',
      );
    }
    if (!account.emailVerifiedAt) {
      throw new DomainError(
        403,
        'forbidden',
        'Confirm your email address first with the link we mailed you (ask for a new one at /verify-email)',
      );
    }
    return account;
  }

  async setEmailVerified(id: number): Promise<void> {
    await this.accounts.setEmailVerified(id, new Date());
  }

  /**
   * The account behind an email and password, as a request's account (YOURLS's username and
   * password mode): the password checked as at log-in, the plan as for a token.
   */
  async signIn(email: string, password: string): Promise<AuthenticatedAccount> {
    if (!this.env.AUTH_PASSWORD_LOGIN) {
      throw new DomainError(
        401,
        'invalid_credentials',
        'Passwords are off on this server: use an API token',
      );
    }
    const account = await this.verifyCredentials(email, password);
    if (await this.twoFactor.isEnabled(account.id)) {
      throw new DomainError(
        401,
        'invalid_credentials',
        'This account uses two-factor codes: sign in with an API token instead',
      );
    }
    const row = await this.accounts.getForAuth(account.id);
    if (!row) throw new DomainError(401, 'invalid_credentials', 'Wrong email or password');
    assertPlanActive(row);
    return toAuthenticated(row, 0);
  }

  listForAdmin(search: string, page: number, perPage: number) {
    return this.accounts.listForAdmin(search, page, perPage);
  }

  countForAdmin(search: string): Promise<number> {
    return this.accounts.countForAdmin(search);
  }

  /** Disables (a time) or enables (null) an account; false when there is none. */
  async setDisabled(id: number, at: Date | null): Promise<boolean> {
    const changed = await this.uow.run(async (tx) => {
      if (!(await this.accounts.setDisabled(id, at, tx))) return false;
      const account = await this.getById(id);
      const type = at ? 'account.disabled' : 'account.enabled';
      await this.record(type, { ...account, disabledAt: at }, tx);
      return true;
    });
    this.authCache.forgetAccount(id);
    return changed;
  }

  /** Every redirect of the account watched (its links' own `watch_target` aside), or not. */
  async setWatchTargets(id: number, on: boolean): Promise<Account> {
    await this.uow.run(async (tx) => {
      await this.accounts.setWatchTargets(id, on, tx);
      await this.record('account.updated', await this.getById(id), tx);
    });
    return this.getById(id);
  }

  /** A new password (8 to 200 characters, as at sign-up). */
  async changePassword(id: number, password: string): Promise<void> {
    if (password.length < 8 || password.length > 200) {
      throw new DomainError(
        400,
        'validation_failed',
        'The new password must be 8 to 200 characters',
      );
    }
    await this.accounts.setPasswordHash(id, await hashPassword(password));
  }

  async setPlan(email: string, planCode: string, until: Date | null): Promise<Account> {
    const account = await this.accounts.getByEmail(normalizeEmail(email));
    if (!account) throw notFound('Account');
    const plan = await this.plans.getByCode(planCode);
    await this.uow.run(async (tx) => {
      await this.accounts.setPlan(account.id, plan.id, until, tx);
      const changed = { ...account, plan, planId: plan.id, planExpiresAt: until };
      await this.record('account.updated', changed, tx);
    });
    this.authCache.forgetAccount(account.id);
    return this.getById(account.id);
  }

  findByEmail(email: string): Promise<Account | null> {
    return this.accounts.getByEmail(normalizeEmail(email));
  }

  async getByEmail(email: string): Promise<Account> {
    const account = await this.accounts.getByEmail(normalizeEmail(email));
    if (!account) throw notFound('Account');
    return account;
  }

  async getById(id: number): Promise<Account> {
    const account = await this.accounts.getById(id);
    if (!account) throw notFound('Account');
    return account;
  }

  /** Bytes of files stored now (not from the guard's row, which may be a second old). */
  async storageBytes(id: number): Promise<number> {
    const bytes = await this.accounts.getStorageBytes(id);
    if (bytes === null) throw notFound('Account');
    return bytes;
  }

  /** Counts a stored file against `quota`, in its transaction; false when it does not fit. */
  reserveStorage(accountId: number, bytes: number, quota: number, tx: Tx): Promise<boolean> {
    return this.accounts.reserveStorageBytes(accountId, bytes, quota, tx);
  }

  /** Gives a removed file's bytes back, in its transaction. */
  releaseStorage(accountId: number, bytes: number, tx: Tx): Promise<void> {
    return this.accounts.releaseStorageBytes(accountId, bytes, tx);
  }

  /**
   * Grants (`admin`) or removes (`member`) the admin role. The last admin keeps it: a server
   * always has someone who can run it.
   */
  async setRole(id: number, role: 'admin' | 'member'): Promise<Account> {
    const account = await this.getById(id);
    await this.uow.run(async (tx) => {
      // The admins read and held till the commit: two admins demoting each other at once would
      // both have seen the other one stay.
      const others = (await this.accounts.lockAdmins(tx)).filter((admin) => admin !== id);
      if (role === 'member' && others.length === 0) {
        throw new DomainError(409, 'conflict', 'This is the last admin: make another admin first');
      }
      await this.accounts.setAdmin(id, role === 'admin', tx);
    });
    this.authCache.forgetAccount(id);
    return { ...account, isAdmin: role === 'admin' };
  }

  /** An account's change, as its events show the account. */
  private record(type: EventType, a: Account, tx: Tx, actor?: Actor): Promise<void> {
    const data = {
      id: a.id,
      email: a.email,
      is_admin: a.isAdmin,
      plan: a.plan?.code ?? null,
      plan_expires_at: a.planExpiresAt ? toUnix(a.planExpiresAt) : null,
      disabled: a.disabledAt !== null,
      created_at: toUnix(a.createdAt),
    };
    return this.outbox.record(
      { type, accountId: a.id, resource: { type: 'account', id: a.id }, data, actor },
      tx,
    );
  }

  hasAny(): Promise<boolean> {
    return this.accounts.count().then((n) => n > 0);
  }
}

export const normalizeEmail = (email: string) => email.trim().toLowerCase();
