import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, Repository } from 'typeorm';
import { isUniqueViolation } from '../../common/errors/unique-violation';
import { OidcIdentity } from './oidc-identity.entity';

@Injectable()
export class OidcIdentitiesRepository {
  constructor(@InjectRepository(OidcIdentity) private readonly ids: Repository<OidcIdentity>) {}

  find(provider: string, subject: string): Promise<OidcIdentity | null> {
    return this.ids.findOneBy({ provider, subject });
  }

  /** Links an identity to an account; false when it is linked already (a race). */
  async link(accountId: number, provider: string, subject: string, at: Date): Promise<boolean> {
    try {
      await this.ids.insert({ accountId, provider, subject, createdAt: at });
      return true;
    } catch (e) {
      if (isUniqueViolation(e)) return false;
      throw e;
    }
  }

  /** The providers each of `accountIds` signs in with. */
  async providersOf(accountIds: number[]): Promise<Map<number, string[]>> {
    const out = new Map<number, string[]>();
    if (accountIds.length === 0) return out;
    for (const r of await this.ids.findBy({ accountId: In(accountIds) })) {
      out.set(r.accountId, [...(out.get(r.accountId) ?? []), r.provider]);
    }
    return out;
  }
}
