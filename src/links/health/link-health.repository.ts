import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, LessThanOrEqual, Repository } from 'typeorm';
import { toDbTime } from '../../common/db-values';
import { managerOf, Tx } from '../../database/unit-of-work';
import { Link } from '../link.entity';
import type { TargetHealthStatus } from '../rules/rule-types';
import { LinkHealthCheck } from './link-health-check.entity';

/** A due link, and whether anyone still wants it watched (the link, or its whole account). */
export type DueLink = Link & { watched: boolean };

/** What one check changes of its link. */
export interface CheckResult {
  status: TargetHealthStatus;
  httpStatus: number | null;
  failures: number;
  checkedAt: Date;
  nextAt: Date;
}

const KEPT = 20;

/** Watched targets: when they are due, their state on the link, and their last checks. */
@Injectable()
export class LinkHealthRepository {
  constructor(
    @InjectRepository(Link) private readonly links: Repository<Link>,
    @InjectRepository(LinkHealthCheck) private readonly checks: Repository<LinkHealthCheck>,
  ) {}

  private get mysql(): boolean {
    return this.links.manager.connection.options.type === 'mysql';
  }

  /**
   * Redirects of accounts that watch every target and are not scheduled yet get their first
   * check now (new links, or the account just opted in).
   */
  async scheduleWatchingAccounts(now: Date): Promise<void> {
    await this.links.query(
      'UPDATE links SET health_next_at = ? WHERE health_next_at IS NULL AND kind = ? ' +
        'AND account_id IN (SELECT id FROM accounts WHERE watch_targets = ?)',
      [toDbTime(now, this.mysql), 'redirect', 1],
    );
  }

  /** Links whose check is due, the longest waiting first (found by their own index). */
  async due(now: Date, limit: number): Promise<DueLink[]> {
    const due = await this.links.find({
      where: { healthNextAt: LessThanOrEqual(now) },
      order: { healthNextAt: 'ASC' },
      take: limit,
    });
    if (due.length === 0) return [];
    const accounts = [...new Set(due.map((l) => l.accountId))];
    const marks = accounts.map(() => '?').join(',');
    const rows = await this.links.query<{ id: number | string }[]>(
      `SELECT id FROM accounts WHERE watch_targets = ? AND id IN (${marks})`,
      [1, ...accounts],
    );
    const watching = new Set(rows.map((r) => Number(r.id)));
    return due.map((l) =>
      Object.assign(l, {
        watched:
          l.kind === 'redirect' && !!l.targetUrl && (l.watchTarget || watching.has(l.accountId)),
      }),
    );
  }

  /** No one watches it any more: no next check (its last state stays shown). */
  async unschedule(id: number): Promise<void> {
    await this.links.update({ id }, { healthNextAt: null });
  }

  async postpone(id: number, to: Date): Promise<void> {
    await this.links.update({ id }, { healthNextAt: to });
  }

  /** The check's outcome on the link and in its history (the last KEPT checks are kept). */
  async record(
    link: Link,
    result: CheckResult,
    check: Omit<LinkHealthCheck, 'id' | 'linkId' | 'checkedAt'>,
    tx: Tx,
  ): Promise<void> {
    const em = managerOf(tx);
    await em.getRepository(Link).update(
      // Only if its target is still the one checked: a change meanwhile starts again.
      { id: link.id, targetUrl: link.targetUrl! },
      {
        healthStatus: result.status,
        healthHttpStatus: result.httpStatus,
        healthFailures: result.failures,
        healthCheckedAt: result.checkedAt,
        healthNextAt: result.nextAt,
      },
    );
    const repo = em.getRepository(LinkHealthCheck);
    await repo.insert({ linkId: link.id, checkedAt: result.checkedAt, ...check });
    const old = await repo.find({
      select: { id: true },
      where: { linkId: link.id },
      order: { id: 'DESC' },
      skip: KEPT,
      take: 100,
    });
    if (old.length) await repo.delete({ id: In(old.map((c) => c.id)) });
  }

  /** A link's last checks, newest first. */
  history(linkId: number): Promise<LinkHealthCheck[]> {
    return this.checks.find({ where: { linkId }, order: { id: 'DESC' }, take: KEPT });
  }
}
