import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { IsNull, Repository } from 'typeorm';
import { RecoveryCode, TwoFactor } from './two-factor.entity';

@Injectable()
export class TwoFactorRepository {
  constructor(
    @InjectRepository(TwoFactor) private readonly factors: Repository<TwoFactor>,
    @InjectRepository(RecoveryCode) private readonly codes: Repository<RecoveryCode>,
  ) {}

  get(accountId: number): Promise<TwoFactor | null> {
    return this.factors.findOneBy({ accountId });
  }

  /** A new secret, not yet enabled, in place of any enrolment not confirmed. */
  async begin(accountId: number, secret: string, now: Date): Promise<void> {
    await this.factors.delete({ accountId, enabledAt: IsNull() });
    await this.factors.insert({
      accountId,
      secret,
      enabledAt: null,
      lastStep: null,
      createdAt: now,
    });
  }

  /**
   * Takes a code's time step: true when it is later than every step taken before (so a code is
   * used once, even by two requests at the same moment). `enable` confirms an enrolment with it.
   */
  async takeStep(accountId: number, step: number, enable?: Date): Promise<boolean> {
    const result = await this.factors
      .createQueryBuilder()
      .update()
      .set(enable ? { lastStep: step, enabledAt: enable } : { lastStep: step })
      .where('account_id = :accountId', { accountId })
      .andWhere(enable ? 'enabled_at IS NULL' : 'enabled_at IS NOT NULL')
      .andWhere('(last_step IS NULL OR last_step < :step)', { step })
      .execute();
    return (result.affected ?? 0) > 0;
  }

  /** Drops the factor and its recovery codes; false when there was none. */
  async remove(accountId: number): Promise<boolean> {
    await this.codes.delete({ accountId });
    return ((await this.factors.delete({ accountId })).affected ?? 0) > 0;
  }

  /** The account's recovery codes become these (hashes). */
  async replaceCodes(accountId: number, hashes: string[]): Promise<void> {
    await this.codes.delete({ accountId });
    await this.codes.insert(hashes.map((codeHash) => ({ accountId, codeHash, usedAt: null })));
  }

  /** Uses a recovery code: true when it was one of the account's and not used before. */
  async useCode(accountId: number, codeHash: string, at: Date): Promise<boolean> {
    const result = await this.codes.update(
      { accountId, codeHash, usedAt: IsNull() },
      { usedAt: at },
    );
    return (result.affected ?? 0) > 0;
  }

  countUnusedCodes(accountId: number): Promise<number> {
    return this.codes.countBy({ accountId, usedAt: IsNull() });
  }

  /** Ids of the accounts among `ids` with two-factor codes on. */
  async enabledAmong(ids: number[]): Promise<Set<number>> {
    if (ids.length === 0) return new Set();
    const rows = await this.factors
      .createQueryBuilder('f')
      .select('f.account_id', 'id')
      .where('f.account_id IN (:...ids)', { ids })
      .andWhere('f.enabled_at IS NOT NULL')
      .getRawMany<{ id: number | string }>();
    return new Set(rows.map((r) => Number(r.id)));
  }
}
