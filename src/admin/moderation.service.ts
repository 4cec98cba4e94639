import { Injectable } from '@nestjs/common';
import { AccountsService } from '../auth/accounts.service';
import { WebSessionsService } from '../auth/sessions/web-sessions.service';
import { Clock } from '../common/clock';
import { DomainError, notFound } from '../common/errors/domain-error';
import { LinkBlocks } from '../links/link-blocks';
import { AbuseReportsRepository } from './abuse-reports.repository';

/** What a share of a disabled account answers with (and how they are found again). */
export const ACCOUNT_DISABLED_REASON = 'the account that shared it was disabled';
export const TAKEDOWNS_PER_PAGE = 20;

/**
 * An admin's hand on accounts and shares: disabling an account ends its sessions and tokens'
 * use and blocks its shares (410); taking down a share blocks it with a reason. Redirect caches
 * on every instance forget what is blocked (LinkBlocks).
 */
@Injectable()
export class ModerationService {
  constructor(
    private readonly accounts: AccountsService,
    private readonly blocks: LinkBlocks,
    private readonly sessions: WebSessionsService,
    private readonly reports: AbuseReportsRepository,
    private readonly clock: Clock,
  ) {}

  async disable(adminId: number, accountId: number): Promise<void> {
    if (adminId === accountId) {
      throw new DomainError(400, 'bad_request', 'You cannot disable your own account');
    }
    if (!(await this.accounts.setDisabled(accountId, new Date(this.clock.now())))) {
      throw notFound('Account');
    }
    await this.sessions.endAllOf(accountId);
    await this.blocks.setForAccount(accountId, null, ACCOUNT_DISABLED_REASON);
  }

  /** Enables the account again; shares taken down one by one stay down. */
  async enable(accountId: number): Promise<void> {
    if (!(await this.accounts.setDisabled(accountId, null))) throw notFound('Account');
    await this.blocks.setForAccount(accountId, ACCOUNT_DISABLED_REASON, null);
  }

  async takeDown(linkId: number, reason: string): Promise<void> {
    const why = reason.trim().slice(0, 300);
    if (!why) throw new DomainError(400, 'validation_failed', 'Give a reason for the takedown');
    if (!(await this.blocks.set(linkId, why))) throw notFound('Share');
    await this.reports.resolveAllOf(linkId, 'taken_down', new Date(this.clock.now()));
  }

  /** A share taken down answers again; the reports it had stay closed. */
  async restore(linkId: number): Promise<string> {
    const shortUrl = await this.blocks.set(linkId, null);
    if (!shortUrl) throw notFound('Share');
    return shortUrl;
  }

  /**
   * The shares taken down one by one, latest first, with their owners' emails (those of a
   * disabled account come back with the account).
   */
  async takenDown(page: number) {
    const { shares, total } = await this.blocks.takenDown(
      ACCOUNT_DISABLED_REASON,
      page,
      TAKEDOWNS_PER_PAGE,
    );
    const owners = new Map<number, string>();
    for (const id of new Set(shares.map((s) => s.accountId))) {
      owners.set(id, (await this.accounts.getById(id).catch(() => null))?.email ?? '');
    }
    const rows = shares.map((s) => ({ ...s, owner: owners.get(s.accountId) ?? '' }));
    return { shares: rows, total, pages: Math.max(1, Math.ceil(total / TAKEDOWNS_PER_PAGE)) };
  }

  /** Closes every open report of a share, leaving the share as it is. */
  async dismissReports(linkId: number): Promise<void> {
    await this.reports.resolveAllOf(linkId, 'dismissed', new Date(this.clock.now()));
  }
}
