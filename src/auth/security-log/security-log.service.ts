import { Injectable, Logger } from '@nestjs/common';
import { EventHistory } from '../../outbox/event-history';
import { SECURITY_EVENT_TYPES } from '../../outbox/event-types';
import type { OutboxEvent } from '../../outbox/outbox-event.entity';
import { Outbox } from '../../outbox/outbox';
import { AccountsRepository } from '../accounts.repository';
import { deviceOf } from './device';
import type { SecurityEvent } from './security-event';
import type { SecurityEventType } from './security-events';

export interface SecurityEventDetails {
  method?: string;
  success?: boolean;
  userAgent?: string;
  detail?: string;
}

interface SecurityData {
  method: string | null;
  success: boolean;
  device: string | null;
  detail: string | null;
}

/**
 * Each account's security log: log-ins (how, and whether they worked), 2FA and passkey changes,
 * tokens made and revoked, passwords changed, sessions ended. They are `account.*` events of the
 * outbox (one history: webhooks and the audit log see them too), kept AUDIT_LOG_DAYS. Shown to
 * the account, all of it to admins. A failure to write it never fails what it records.
 */
@Injectable()
export class SecurityLog {
  private readonly logger = new Logger(SecurityLog.name);

  constructor(
    private readonly outbox: Outbox,
    private readonly history: EventHistory,
    private readonly accounts: AccountsRepository,
  ) {}

  async record(accountId: number, type: SecurityEventType, d: SecurityEventDetails = {}) {
    const data: SecurityData = {
      method: d.method ?? null,
      success: d.success ?? true,
      device: d.userAgent === undefined ? null : deviceOf(d.userAgent),
      detail: d.detail?.slice(0, 100) ?? null,
    };
    try {
      await this.outbox.record({
        type: `account.${type}`,
        accountId,
        resource: { type: 'account', id: accountId },
        data,
      });
    } catch (e) {
      this.logger.warn(`could not record ${type} of account ${accountId}: ${String(e)}`);
    }
  }

  async list(accountId: number | null, page = 1, perPage = 50): Promise<SecurityEvent[]> {
    const filter = { types: SECURITY_EVENT_TYPES, accountId: accountId ?? undefined };
    return (await this.history.list(filter, page, perPage)).map(toSecurityEvent);
  }

  /** Every account's events, newest first, each with its account's email (admins). */
  async listAll(page = 1, perPage = 100): Promise<(SecurityEvent & { email: string })[]> {
    const events = (await this.list(null, page, perPage)).filter((e) => e.accountId !== null);
    const emails = await this.accounts.emailsOf([...new Set(events.map((e) => e.accountId))]);
    return events.flatMap((e) => {
      const email = emails.get(e.accountId);
      return email === undefined ? [] : [{ ...e, email }];
    });
  }
}

function toSecurityEvent(e: OutboxEvent): SecurityEvent {
  const data = JSON.parse(e.data) as SecurityData;
  return {
    accountId: e.accountId!,
    type: e.type.slice('account.'.length) as SecurityEventType,
    method: data.method,
    success: data.success,
    device: data.device,
    detail: data.detail,
    createdAt: e.occurredAt,
  };
}
