import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { IsNull, Repository } from 'typeorm';
import { Invite } from './invite.entity';

@Injectable()
export class InvitesRepository {
  constructor(@InjectRepository(Invite) private readonly invites: Repository<Invite>) {}

  insert(values: Omit<Invite, 'id' | 'revokedAt'>): Promise<Invite> {
    return this.invites.save(this.invites.create({ ...values, revokedAt: null }));
  }

  getByHash(tokenHash: string): Promise<Invite | null> {
    return this.invites.findOneBy({ tokenHash });
  }

  /** The invitations not revoked, newest first. */
  listActive(): Promise<Invite[]> {
    return this.invites.find({ where: { revokedAt: IsNull() }, order: { id: 'DESC' }, take: 200 });
  }

  /**
   * Takes one use of a valid invitation in a single conditional update, so two sign-ups at the
   * same moment never share its last use; false when it has none left, expired or was revoked.
   */
  async takeUse(id: number, now: Date): Promise<boolean> {
    const result = await this.invites
      .createQueryBuilder()
      .update()
      .set({ usesLeft: () => 'uses_left - 1' })
      .where('id = :id AND uses_left > 0 AND revoked_at IS NULL', { id })
      .andWhere('(expires_at IS NULL OR expires_at > :now)', { now })
      .execute();
    return (result.affected ?? 0) > 0;
  }

  /** Gives back a use taken by a sign-up that then failed. */
  async giveBack(id: number): Promise<void> {
    await this.invites.increment({ id }, 'usesLeft', 1);
  }

  async revoke(id: number, at: Date): Promise<boolean> {
    return (
      ((await this.invites.update({ id, revokedAt: IsNull() }, { revokedAt: at })).affected ?? 0) >
      0
    );
  }
}
