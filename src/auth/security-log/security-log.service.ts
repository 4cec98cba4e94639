import { Injectable, Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { Clock } from '../../common/clock';
import { Job, Scheduler } from '../../common/scheduler';
import { Env } from '../../config/env';
import { deviceOf } from './device';
import { SecurityEvent } from './security-event.entity';
import type { SecurityEventType } from './security-events';
import { SecurityLogRepository } from './security-log.repository';

export interface SecurityEventDetails {
  method?: string;
  success?: boolean;
  userAgent?: string;
  detail?: string;
}

const DAY_MS = 86_400_000;

/**
 * Each account's security log: log-ins (how, and whether they worked), 2FA and passkey changes,
 * tokens made and revoked, passwords changed, sessions ended. Shown to the account, all of it to
 * admins, kept SECURITY_LOG_DAYS. A failure to write it never fails what it records.
 */
@Injectable()
export class SecurityLog implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(SecurityLog.name);
  private job?: Job;

  constructor(
    private readonly events: SecurityLogRepository,
    private readonly clock: Clock,
    private readonly env: Env,
    private readonly scheduler: Scheduler,
  ) {}

  onApplicationBootstrap(): void {
    this.job = this.scheduler.every('security log: drop past SECURITY_LOG_DAYS', 3_600_000, () =>
      this.prune(),
    );
  }

  onModuleDestroy(): void {
    this.job?.stop();
  }

  async record(accountId: number, type: SecurityEventType, d: SecurityEventDetails = {}) {
    try {
      await this.events.insert({
        accountId,
        type,
        method: d.method ?? null,
        success: d.success ?? true,
        device: d.userAgent === undefined ? null : deviceOf(d.userAgent),
        detail: d.detail?.slice(0, 100) ?? null,
        createdAt: new Date(this.clock.now()),
      });
    } catch (e) {
      this.logger.warn(`could not record ${type} of account ${accountId}: ${String(e)}`);
    }
  }

  list(accountId: number | null, page = 1, perPage = 50): Promise<SecurityEvent[]> {
    return this.events.list(accountId, page, perPage);
  }

  /** Every account's events, newest first, each with its account's email (admins). */
  listAll(page = 1, perPage = 100) {
    return this.events.listAll(page, perPage);
  }

  prune(): Promise<number> {
    return this.events.deleteBefore(
      new Date(this.clock.now() - this.env.SECURITY_LOG_DAYS * DAY_MS),
    );
  }
}
