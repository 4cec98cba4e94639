import { Readable } from 'node:stream';
import { Injectable } from '@nestjs/common';
import { csvCell } from '../../common/csv';
import { invalid } from '../../common/errors/domain-error';
import { EventHistory } from '../../outbox/event-history';
import { NOT_AUDITED } from '../../outbox/event-types';
import type { EventFilter } from '../../outbox/outbox.repository';
import { AuditEntryDto } from './dto/audit-entry.dto';

export interface AuditFilter {
  accountId?: number;
  action?: string;
  from?: string;
  to?: string;
}

const CSV_PAGE = 1000;
/** A download stops here (ask for a narrower time range past it). */
const CSV_MAX_ROWS = 100_000;

/** Who did what, when, through which client: the outbox's events, newest first. */
@Injectable()
export class AuditLogService {
  constructor(private readonly history: EventHistory) {}

  async list(f: AuditFilter, page: number, perPage: number): Promise<AuditEntryDto[]> {
    return (await this.history.list(filterOf(f), page, perPage)).map((e) => AuditEntryDto.from(e));
  }

  /** Every match as CSV, read a page at a time. */
  csv(f: AuditFilter): Readable {
    const filter = filterOf(f);
    const history = this.history;
    async function* lines() {
      yield 'id,at,actor_type,actor_id,action,resource_type,resource_id,client,account_id\r\n';
      for (let page = 1; page <= CSV_MAX_ROWS / CSV_PAGE; page++) {
        const rows = await history.list(filter, page, CSV_PAGE);
        yield rows
          .map((e) =>
            [
              e.eventId,
              e.occurredAt.toISOString(),
              e.actorType,
              e.actorId,
              e.type,
              e.resourceType,
              e.resourceId,
              e.client,
              e.accountId,
            ]
              .map(csvCell)
              .join(','),
          )
          .map((line) => `${line}\r\n`)
          .join('');
        if (rows.length < CSV_PAGE) return;
      }
    }
    return Readable.from(lines());
  }
}

function filterOf(f: AuditFilter): EventFilter {
  return {
    accountId: f.accountId,
    action: f.action === '*' ? undefined : f.action?.replace(/\.\*$/, ''),
    exceptTypes: NOT_AUDITED,
    from: f.from === undefined ? undefined : timeOf('from', f.from),
    to: f.to === undefined ? undefined : timeOf('to', f.to),
  };
}

function timeOf(field: string, value: string): Date {
  const at = /^\d+$/.test(value)
    ? new Date(Number(value) * 1000)
    : new Date(/[zZ]|[+-]\d{2}:?\d{2}$/.test(value) || value.length === 10 ? value : `${value}Z`);
  if (Number.isNaN(at.getTime())) throw invalid(field, `${field} is not a valid time`);
  return at;
}
