import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { LessThan, Repository } from 'typeorm';
import { managerOf, Tx } from '../../database/unit-of-work';
import { ShareTombstone, TombstoneReason } from './share-tombstone.entity';

/** The only owner of `share_tombstones`. */
@Injectable()
export class TombstonesRepository {
  constructor(
    @InjectRepository(ShareTombstone) private readonly repo: Repository<ShareTombstone>,
  ) {}

  /**
   * After a removal at (domain, slug): a tombstone of `reason`, or none (a share deleted by its
   * owner leaves the address plainly empty, and clears a tombstone a reuse of it shadowed).
   */
  async mark(
    domainId: number,
    slug: string,
    reason: TombstoneReason | null,
    at: Date,
    tx: Tx,
  ): Promise<void> {
    const repo = managerOf(tx).getRepository(ShareTombstone);
    await repo.delete({ domainId, slug });
    if (reason) await repo.insert({ domainId, slug, reason, removedAt: at });
  }

  find(domainId: number, slug: string): Promise<ShareTombstone | null> {
    return this.repo.findOneBy({ domainId, slug });
  }

  async deleteBefore(cutoff: Date): Promise<number> {
    return (await this.repo.delete({ removedAt: LessThan(cutoff) })).affected ?? 0;
  }
}
