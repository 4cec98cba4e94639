import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { IsNull, Repository } from 'typeorm';
import { toDate, toNumber } from '../common/db-values';
import { ApiToken } from './api-token.entity';

export interface TokenAuthRow {
  tokenId: number;
  lastUsedAt: Date | null;
  expiresAt: Date | null;
  accountId: number;
  email: string;
  planId: number;
  planExpiresAt: Date | null;
  maxFileBytes: number;
  storageQuotaBytes: number;
  storageBytes: number;
  isAdmin: boolean;
  maxCustomDomains: number;
  usageLimits: string | null;
}

type RawAuthRow = Record<
  | 'token_id'
  | 'account_id'
  | 'plan_id'
  | 'max_file_bytes'
  | 'storage_quota_bytes'
  | 'storage_bytes'
  | 'max_custom_domains',
  number | string
> & {
  email: string;
  usage_limits: string | null;
  is_admin: number | boolean | string;
  last_used_at: Date | string | null;
  expires_at: Date | string | null;
  plan_expires_at: Date | string | null;
};

@Injectable()
export class TokensRepository {
  constructor(@InjectRepository(ApiToken) private readonly repo: Repository<ApiToken>) {}

  insert(
    values: Pick<ApiToken, 'accountId' | 'name' | 'prefix' | 'tokenHash' | 'expiresAt'>,
  ): Promise<ApiToken> {
    return this.repo.save(
      this.repo.create({ ...values, lastUsedAt: null, revokedAt: null, createdAt: new Date() }),
    );
  }

  /**
   * What the guard needs of an unrevoked token, in one indexed query. Every API request runs it,
   * so it is plain SQL rather than an entity load (which costs several times more).
   */
  async getActiveForAuth(tokenHash: string): Promise<TokenAuthRow | null> {
    const rows: RawAuthRow[] = await this.repo.query(
      `SELECT t.id AS token_id, t.last_used_at, t.expires_at, a.id AS account_id, a.email, a.plan_id,
              a.plan_expires_at, a.storage_bytes, a.is_admin, p.max_file_bytes, p.storage_quota_bytes,
              p.max_custom_domains, p.usage_limits
         FROM api_tokens t
         JOIN accounts a ON a.id = t.account_id
         JOIN plans p ON p.id = a.plan_id
        WHERE t.token_hash = ? AND t.revoked_at IS NULL`,
      [tokenHash],
    );
    const r = rows[0];
    if (!r) return null;
    return {
      tokenId: toNumber(r.token_id),
      lastUsedAt: toDate(r.last_used_at),
      expiresAt: toDate(r.expires_at),
      accountId: toNumber(r.account_id),
      email: r.email,
      planId: toNumber(r.plan_id),
      planExpiresAt: toDate(r.plan_expires_at),
      maxFileBytes: toNumber(r.max_file_bytes),
      storageQuotaBytes: toNumber(r.storage_quota_bytes),
      storageBytes: toNumber(r.storage_bytes),
      isAdmin: Boolean(Number(r.is_admin)),
      maxCustomDomains: toNumber(r.max_custom_domains),
      usageLimits: r.usage_limits,
    };
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
