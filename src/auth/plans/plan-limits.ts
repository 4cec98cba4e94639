import { Injectable } from '@nestjs/common';
import { DomainError } from '../../common/errors/domain-error';
import type { Tx } from '../../database/unit-of-work';
import { AccountsService } from '../accounts.service';
import type { AuthenticatedAccount } from '../authenticated-account';
import { UsageService } from './usage.service';

export const fileTooLarge = (max: number) =>
  new DomainError(413, 'file_too_large', `The file is larger than your plan allows (${max} bytes)`);
export const quotaExceeded = () =>
  new DomainError(413, 'quota_exceeded', 'The file does not fit in what is left of your storage');

/** What one upload may still be: the plan's size limit, and what is left of the quota. */
export interface UploadRoom {
  maxFileBytes: number;
  quotaLeft: number;
}

/**
 * Every limit a plan sets, asked in one place by every path that creates: the size of one file,
 * the storage quota, custom domains, and the day and month counts (kept by UsageService; links
 * count each creation there, in its transaction).
 */
@Injectable()
export class PlanLimits {
  constructor(
    private readonly accounts: AccountsService,
    private readonly usage: UsageService,
  ) {}

  maxFileBytes(account: AuthenticatedAccount): number {
    return account.maxFileBytes;
  }

  fileFits(account: AuthenticatedAccount, size: number): boolean {
    return size <= account.maxFileBytes;
  }

  /** Before an upload of `size` bytes (when known) begins: its size and the plan's counts. */
  async checkUpload(account: AuthenticatedAccount, size?: number): Promise<void> {
    if (size !== undefined && !this.fileFits(account, size)) {
      throw fileTooLarge(account.maxFileBytes);
    }
    await this.usage.checkCreation(account, 'upload');
  }

  /** Before a form upload's body is read: the checks, and the room its meter enforces. */
  async uploadRoom(account: AuthenticatedAccount): Promise<UploadRoom> {
    await this.checkUpload(account);
    const stored = await this.accounts.storageBytes(account.id);
    return { maxFileBytes: account.maxFileBytes, quotaLeft: account.storageQuotaBytes - stored };
  }

  /** In the creating transaction: the bytes counted against the quota; 413 if they do not fit. */
  async reserveStorage(account: AuthenticatedAccount, bytes: number, tx: Tx): Promise<void> {
    const fits = await this.accounts.reserveStorage(
      account.id,
      bytes,
      account.storageQuotaBytes,
      tx,
    );
    if (!fits) throw quotaExceeded();
  }

  /** One more custom domain for an account that has `has` of them. */
  checkCustomDomain(account: AuthenticatedAccount, has: number): void {
    if (has >= account.maxCustomDomains) {
      const max = account.maxCustomDomains;
      throw new DomainError(403, 'plan_limit', `Your plan allows ${max} custom domain(s)`);
    }
  }
}
