import { Injectable } from '@nestjs/common';
import { AccountsService } from '../auth/accounts.service';
import { WebSessionsService } from '../auth/sessions/web-sessions.service';
import { Clock } from '../common/clock';
import { DomainError, notFound } from '../common/errors/domain-error';
import { LinkBlocks } from '../links/link-blocks';
import { AbuseReportsRepository } from './abuse-reports.repository';

/** What a share of a disabled account answers with (and how they are found again). */
export const ACCOUNT_DISABLED_REASON = 'the account that shared it was disabled';

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

  async restore(linkId: number): Promise<void> {
    if (!(await this.blocks.set(linkId, null))) throw notFound('Share');
  }

  /** Closes every open report of a share, leaving the share as it is. */
  async dismissReports(linkId: number): Promise<void> {
    await this.reports.resolveAllOf(linkId, 'dismissed', new Date(this.clock.now()));
  }
}
