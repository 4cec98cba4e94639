import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { IsNull, Repository } from 'typeorm';
import { toNumber } from '../common/db-values';
import { AUTH_COLUMNS, AuthRow, RawAuthRow, toAuthRow } from './auth-row';
import { ApiToken } from './api-token.entity';
import type { Scope } from './scopes/scopes';
import { NO_TRANSACTION } from '../database/sqlite/sqlite-write-lock';

export interface TokenAuthRow extends AuthRow {
  tokenId: number;
  scopes: Scope[] | null;
}

@Injectable()
export class TokensRepository {
  constructor(@InjectRepository(ApiToken) private readonly repo: Repository<ApiToken>) {}

  insert(
    values: Pick<
      ApiToken,
      'accountId' | 'name' | 'prefix' | 'tokenHash' | 'expiresAt' | 'scopes' | 'note'
    >,
  ): Promise<ApiToken> {
    return this.repo.save(
      this.repo.create({ ...values, lastUsedAt: null, revokedAt: null, createdAt: new Date() }),
      NO_TRANSACTION,
    );
  }

  /**
   * What the guard needs of an unrevoked token, in one indexed query. Every API request runs it,
   * so it is plain SQL rather than an entity load (which costs several times more).
   */
  async getActiveForAuth(tokenHash: string): Promise<TokenAuthRow | null> {
    const rows: (RawAuthRow & { token_id: number | string; scopes: string | null })[] =
      await this.repo.query(
        `SELECT t.id AS token_id, t.last_used_at, t.expires_at, t.scopes, ${AUTH_COLUMNS}
         FROM api_tokens t
         JOIN accounts a ON a.id = t.account_id
         JOIN plans p ON p.id = a.plan_id
        WHERE t.token_hash = ? AND t.revoked_at IS NULL`,
        [tokenHash],
      );
    const r = rows[0];
    if (!r) return null;
    const scopes = r.scopes ? (r.scopes.split(' ') as Scope[]) : null;
    return { ...toAuthRow(r), tokenId: toNumber(r.token_id), scopes };
  }

  listActiveByAccount(accountId: number): Promise<ApiToken[]> {
    return this.repo.find({
      where: { accountId, revokedAt: IsNull() },
      order: { id: 'DESC' },
    });
  }

  /** True when an active token of this account was revoked. */
  async revoke(id: number, accountId: number): Promise<boolean> {
    const result = await this.repo.update(
      { id, accountId, revokedAt: IsNull() },
      { revokedAt: new Date() },
    );
    return (result.affected ?? 0) > 0;
  }

  async touch(id: number, at: Date): Promise<void> {
    await this.repo.update({ id }, { lastUsedAt: at });
  }
}
