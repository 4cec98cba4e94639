import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, Repository } from 'typeorm';
import { Passkey } from './passkey.entity';

@Injectable()
export class PasskeysRepository {
  constructor(@InjectRepository(Passkey) private readonly keys: Repository<Passkey>) {}

  async insert(values: Omit<Passkey, 'id' | 'lastUsedAt'>): Promise<Passkey> {
    return this.keys.save(this.keys.create({ ...values, lastUsedAt: null }));
  }

  listOf(accountId: number): Promise<Passkey[]> {
    return this.keys.find({ where: { accountId }, order: { id: 'ASC' } });
  }

  byCredential(credentialId: string): Promise<Passkey | null> {
    return this.keys.findOneBy({ credentialId });
  }

  async used(id: number, counter: number, at: Date): Promise<void> {
    await this.keys.update({ id }, { counter, lastUsedAt: at });
  }

  async rename(accountId: number, id: number, name: string): Promise<boolean> {
    return ((await this.keys.update({ id, accountId }, { name })).affected ?? 0) > 0;
  }

  /** Removes one of the account's passkeys; its name, or null when it had none of that id. */
  async remove(accountId: number, id: number): Promise<string | null> {
    const key = await this.keys.findOneBy({ id, accountId });
    if (!key) return null;
    await this.keys.delete({ id, accountId });
    return key.name;
  }

  async countsOf(accountIds: number[]): Promise<Map<number, number>> {
    const out = new Map<number, number>();
    if (accountIds.length === 0) return out;
    for (const k of await this.keys.findBy({ accountId: In(accountIds) })) {
      out.set(k.accountId, (out.get(k.accountId) ?? 0) + 1);
    }
    return out;
  }
}
