import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { IsNull, LessThan, MoreThan, Repository } from 'typeorm';
import { EmailToken, EmailTokenPurpose } from './email-token.entity';

@Injectable()
export class EmailTokensRepository {
  constructor(@InjectRepository(EmailToken) private readonly tokens: Repository<EmailToken>) {}

  async insert(values: Omit<EmailToken, 'id' | 'usedAt'>): Promise<void> {
    await this.tokens.insert({ ...values, usedAt: null });
  }

  /**
   * Uses a token: the account it was for, when it is of `purpose`, unexpired and unused; marked
   * used in the same conditional update, so it works once even for two requests at once.
   */
  async take(tokenHash: string, purpose: EmailTokenPurpose, now: Date): Promise<number | null> {
    const row = await this.tokens.findOneBy({
      tokenHash,
      purpose,
      usedAt: IsNull(),
      expiresAt: MoreThan(now),
    });
    if (!row) return null;
    const result = await this.tokens.update({ id: row.id, usedAt: IsNull() }, { usedAt: now });
    return (result.affected ?? 0) > 0 ? row.accountId : null;
  }

  /** Ends the account's other unused tokens of `purpose` (a new one replaces them). */
  async retire(accountId: number, purpose: EmailTokenPurpose, now: Date): Promise<void> {
    await this.tokens.update({ accountId, purpose, usedAt: IsNull() }, { usedAt: now });
  }

  async deleteExpiredBefore(at: Date): Promise<void> {
    await this.tokens.delete({ expiresAt: LessThan(at) });
  }
}
