import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { MoreThan, Not, Repository } from 'typeorm';
import { AUTH_COLUMNS, AuthRow, RawAuthRow, toAuthRow } from '../auth-row';
import { WebSession } from './web-session.entity';

export interface SessionAuthRow extends AuthRow {
  csrfToken: string;
}

/** The only owner of `web_sessions`. */
@Injectable()
export class WebSessionsRepository {
  constructor(@InjectRepository(WebSession) private readonly repo: Repository<WebSession>) {}

  async insert(row: WebSession): Promise<void> {
    await this.repo.insert(row);
  }

  /** The session with its account and plan, in one query. */
  async getForAuth(id: string): Promise<SessionAuthRow | null> {
    const rows: (RawAuthRow & { csrf_token: string })[] = await this.repo.query(
      `SELECT s.csrf_token, s.last_seen_at AS last_used_at, s.expires_at, ${AUTH_COLUMNS}
         FROM web_sessions s
         JOIN accounts a ON a.id = s.account_id
         JOIN plans p ON p.id = a.plan_id
        WHERE s.id = ?`,
      [id],
    );
    const r = rows[0];
    return r ? { ...toAuthRow(r), csrfToken: r.csrf_token } : null;
  }

  async touch(id: string, at: Date, expiresAt: Date): Promise<void> {
    await this.repo.update({ id }, { lastSeenAt: at, expiresAt });
  }

  async delete(id: string): Promise<void> {
    await this.repo.delete({ id });
  }

  /** The account's sessions still valid at `now`, last active first. */
  listOf(accountId: number, now: Date): Promise<WebSession[]> {
    return this.repo.find({
      where: { accountId, expiresAt: MoreThan(now) },
      order: { lastSeenAt: 'DESC' },
      take: 100,
    });
  }

  /** One session of the account; false when it has none of that id. */
  async deleteOf(accountId: number, id: string): Promise<boolean> {
    return ((await this.repo.delete({ accountId, id })).affected ?? 0) > 0;
  }

  /** Every session of the account but `keep` (log out everywhere else). */
  async deleteAllOf(accountId: number, keep?: string): Promise<number> {
    const result = await this.repo.delete(keep ? { accountId, id: Not(keep) } : { accountId });
    return result.affected ?? 0;
  }
}
