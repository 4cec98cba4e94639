import { Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { Clock } from '../../common/clock';
import { OutboundError, safeRequest } from '../../common/outbound/safe-request';
import { Scheduler } from '../../common/scheduler';
import { Env } from '../../config/env';
import { RedirectCache } from '../resolve/redirect-cache';
import type { CheckOutcome } from './link-health-check.entity';
import type { TargetHealthStatus } from '../rules/rule-types';
import { UnitOfWork } from '../../database/unit-of-work';
import { DueLink, LinkHealthRepository } from './link-health.repository';

/** A browser's own words, then ours: sites that answer browsers only still answer. */
const USER_AGENT =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) ' +
  'Chrome/131.0.0.0 Safari/537.36 (compatible; Linkdrop-LinkCheck/1.0)';
/** Answers of sites that refuse robots: the target may be fine, we cannot tell. */
const REFUSED = new Set([401, 403, 429, 999]);
const PER_HOST_PER_MINUTE = 10;
const BATCH = 20;
const AT_ONCE = 5;
const TIMEOUT_MS = 10_000;
const MAX_BACKOFF_MS = 7 * 86_400_000;

export interface Probe {
  outcome: CheckOutcome;
  httpStatus: number | null;
  error: string | null;
}

/**
 * Watched targets (a link's `watch_target`, or every redirect of an account that asks): each
 * checked every LINK_HEALTH_INTERVAL_SECONDS while it answers, then less and less often while it
 * fails; LINK_HEALTH_FAILURES hard failures in a row make it `broken`, and its visitors go to the
 * link's fallback URL until it answers again. Nothing is ever deleted.
 */
@Injectable()
export class TargetWatch implements OnModuleInit {
  private readonly logger = new Logger(TargetWatch.name);
  private readonly intervalMs: number;
  private readonly perHost = new Map<string, { minute: number; n: number }>();
  private running: Promise<number> | null = null;

  constructor(
    private readonly repo: LinkHealthRepository,
    private readonly cache: RedirectCache,
    private readonly clock: Clock,
    private readonly scheduler: Scheduler,
    private readonly env: Env,
    private readonly uow: UnitOfWork,
  ) {
    this.intervalMs = env.LINK_HEALTH_INTERVAL_SECONDS * 1000;
  }

  onModuleInit(): void {
    const tick = Math.min(60_000, Math.max(1000, this.intervalMs / 4));
    this.scheduler.every('links: check watched targets', tick, () => this.checkDue());
  }

  /** Checks the targets due now (one pass at a time); how many were checked. */
  checkDue(): Promise<number> {
    this.running ??= this.pass().finally(() => (this.running = null));
    return this.running;
  }

  private async pass(): Promise<number> {
    const now = new Date(this.clock.now());
    await this.repo.scheduleWatchingAccounts(now);
    const due = await this.repo.due(now, BATCH);
    let checked = 0;
    for (let i = 0; i < due.length; i += AT_ONCE) {
      const results = await Promise.all(due.slice(i, i + AT_ONCE).map((l) => this.checkOne(l)));
      checked += results.filter(Boolean).length;
    }
    return checked;
  }

  private async checkOne(link: DueLink): Promise<boolean> {
    if (!link.watched) {
      await this.repo.unschedule(link.id);
      return false;
    }
    const host = new URL(link.targetUrl!).host;
    if (!this.takeTurn(host)) {
      await this.repo.postpone(link.id, new Date(this.clock.now() + 60_000));
      return false;
    }
    try {
      const probe = await this.probe(link.targetUrl!);
      await this.apply(link, probe);
      return true;
    } catch (e) {
      this.logger.warn(`link ${link.id}: its check was not recorded (${String(e)})`);
      return false;
    }
  }

  /** At most PER_HOST_PER_MINUTE checks a minute reach one host. */
  private takeTurn(host: string): boolean {
    const minute = Math.floor(this.clock.now() / 60_000);
    const seen = this.perHost.get(host);
    if (!seen || seen.minute !== minute) {
      if (this.perHost.size > 10_000) this.perHost.clear();
      this.perHost.set(host, { minute, n: 1 });
      return true;
    }
    return ++seen.n <= PER_HOST_PER_MINUTE;
  }

  /** `HEAD` first; anything but an answer that says the page is there, then `GET`. */
  async probe(url: string): Promise<Probe> {
    const ask = (method: 'HEAD' | 'GET') =>
      safeRequest({
        url,
        method,
        headers: { 'User-Agent': USER_AGENT, Accept: 'text/html,*/*;q=0.8' },
        timeoutMs: TIMEOUT_MS,
        maxResponseBytes: 1024,
        allowPrivate: this.env.LINK_HEALTH_ALLOW_PRIVATE,
      });
    try {
      let status = (await ask('HEAD')).status;
      if (status >= 400) status = (await ask('GET')).status;
      return { outcome: outcomeOf(status), httpStatus: status, error: null };
    } catch (e) {
      const reason = e instanceof OutboundError ? e.reason : 'network';
      const error = (e instanceof Error ? e.message : String(e)).slice(0, 200);
      // A private address we may not reach says nothing of the target.
      if (reason === 'blocked_address') return { outcome: 'unknown', httpStatus: null, error };
      return { outcome: 'failed', httpStatus: null, error };
    }
  }

  private async apply(link: DueLink, probe: Probe): Promise<void> {
    const now = this.clock.now();
    const failures =
      probe.outcome === 'failed'
        ? link.healthFailures + 1
        : probe.outcome === 'ok'
          ? 0
          : link.healthFailures;
    const status = statusAfter(
      probe.outcome,
      failures,
      link.healthStatus,
      this.env.LINK_HEALTH_FAILURES,
    );
    const wait =
      probe.outcome === 'failed'
        ? Math.min(MAX_BACKOFF_MS, this.intervalMs * 2 ** Math.min(failures, 20))
        : this.intervalMs;
    const result = {
      status,
      httpStatus: probe.httpStatus,
      failures,
      checkedAt: new Date(now),
      nextAt: new Date(now + wait),
    };
    await this.uow.run((tx) => this.repo.record(link, result, probe, tx));
    // Broken or mended: its cached redirect goes (the fallback starts, or stops).
    if ((status === 'broken') !== (link.healthStatus === 'broken')) {
      await this.cache.invalidate(link.domainId, link.slug);
    }
  }
}

/**
 * A target's state after a check: ok or unknown as it answered; after a hard failure, broken
 * once `limit` came in a row, else as it was (unknown when it was never seen answering).
 */
function statusAfter(
  outcome: CheckOutcome,
  failures: number,
  before: TargetHealthStatus,
  limit: number,
): TargetHealthStatus {
  if (outcome !== 'failed') return outcome;
  if (failures >= limit) return 'broken';
  return before === 'broken' || before === 'unchecked' ? 'unknown' : before;
}

/** 2xx and 3xx: the target answers (redirects are not followed); a refusal of robots: unknown. */
function outcomeOf(status: number): CheckOutcome {
  if (status >= 200 && status < 400) return 'ok';
  return REFUSED.has(status) ? 'unknown' : 'failed';
}
