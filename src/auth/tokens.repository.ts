import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { IsNull, Repository } from 'typeorm';
import { ApiToken } from './api-token.entity';

@Injectable()
export class TokensRepository {
  constructor(@InjectRepository(ApiToken) private readonly repo: Repository<ApiToken>) {}

  insert(values: Pick<ApiToken, 'accountId' | 'name' | 'prefix' | 'tokenHash'>): Promise<ApiToken> {
    return this.repo.save(
      this.repo.create({ ...values, lastUsedAt: null, revokedAt: null, createdAt: new Date() }),
    );
  }

  /** An unrevoked token with its account and the account's plan, in one query. */
  getActiveByHashWithAccount(tokenHash: string): Promise<ApiToken | null> {
    return this.repo.findOne({
      where: { tokenHash, revokedAt: IsNull() },
      relations: { account: { plan: true } },
    });
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
