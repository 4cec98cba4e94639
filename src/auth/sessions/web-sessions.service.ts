import { Injectable } from '@nestjs/common';
import { createHash, randomBytes } from 'node:crypto';
import { Clock } from '../../common/clock';
import { Env } from '../../config/env';
import { assertPlanActive, toAuthenticated } from '../auth-row';
import type { AuthenticatedAccount } from '../authenticated-account';
import { WebSessionsRepository } from './web-sessions.repository';
import { deviceOf } from '../security-log/device';

// last_seen_at (and the sliding expiry) is written at most once a minute per session.
const TOUCH_INTERVAL_MS = 60_000;

export interface ActiveSession {
  /** The stored id (the hash of the cookie's secret). */
  id: string;
  csrfToken: string;
  account: AuthenticatedAccount;
}

export interface SessionSummary {
  id: string;
  /** "Firefox · Linux": what the session's user agent says (no IP address is kept). */
  device: string;
  createdAt: Date;
  lastSeenAt: Date;
}

const idOf = (secret: string) => createHash('sha256').update(secret).digest('hex');

/** Browser log-ins: a random secret in a cookie, its hash and a CSRF token in the database. */
@Injectable()
export class WebSessionsService {
  constructor(
    private readonly sessions: WebSessionsRepository,
    private readonly clock: Clock,
    private readonly env: Env,
  ) {}

  /** A new session; answers the cookie's secret. */
  async start(accountId: number, userAgent: string | undefined): Promise<string> {
    const secret = randomBytes(32).toString('base64url');
    const now = new Date(this.clock.now());
    await this.sessions.insert({
      id: idOf(secret),
      accountId,
      csrfToken: randomBytes(32).toString('base64url'),
      userAgent: (userAgent ?? '').slice(0, 255),
      createdAt: now,
      lastSeenAt: now,
      expiresAt: this.expiryFrom(now),
    });
    return secret;
  }

  /** The live session behind a cookie's secret, or null (unknown, expired, logged out). */
  async resolve(secret: string | undefined): Promise<ActiveSession | null> {
    if (!secret || secret.length > 100) return null;
    const id = idOf(secret);
    const now = new Date(this.clock.now());
    const row = await this.sessions.getForAuth(id);
    if (!row || !row.expiresAt || row.expiresAt <= now) return null;
    assertPlanActive(row);
    if (!row.lastUsedAt || now.getTime() - row.lastUsedAt.getTime() > TOUCH_INTERVAL_MS) {
      await this.sessions.touch(id, now, this.expiryFrom(now));
    }
    return { id, csrfToken: row.csrfToken, account: toAuthenticated(row, 0) };
  }

  /** The account's browser sessions, for it to see and end: device, created, last active. */
  async listOf(accountId: number): Promise<SessionSummary[]> {
    const rows = await this.sessions.listOf(accountId, new Date(this.clock.now()));
    return rows.map((s) => ({
      id: s.id,
      device: deviceOf(s.userAgent),
      createdAt: s.createdAt,
      lastSeenAt: s.lastSeenAt,
    }));
  }

  /** Ends one of the account's sessions; false when it has none of that id. */
  endOne(accountId: number, id: string): Promise<boolean> {
    return this.sessions.deleteOf(accountId, id);
  }

  end(id: string): Promise<void> {
    return this.sessions.delete(id);
  }

  /** Ends the account's other sessions (or all of them); answers how many. */
  endAllOf(accountId: number, keep?: string): Promise<number> {
    return this.sessions.deleteAllOf(accountId, keep);
  }

  get maxAgeMs(): number {
    return this.env.SESSION_DAYS * 86_400_000;
  }

  private expiryFrom(now: Date): Date {
    return new Date(now.getTime() + this.maxAgeMs);
  }
}
