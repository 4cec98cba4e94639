import { Injectable } from '@nestjs/common';
import { Clock } from '../../common/clock';
import { SettingsRepository } from '../../database/settings.repository';

export const REQUIREMENTS = ['none', 'admins', 'all'] as const;
export type Requirement = (typeof REQUIREMENTS)[number];

const SETTING = 'require_two_factor';
/** Other instances see an admin's change within this long. */
const CACHE_MS = 5_000;

/** Who must use two-factor codes, as an admin chose: nobody, the admins, or everyone. */
@Injectable()
export class TwoFactorPolicy {
  private cached: { value: Requirement; until: number } | null = null;

  constructor(
    private readonly settings: SettingsRepository,
    private readonly clock: Clock,
  ) {}

  async get(): Promise<Requirement> {
    if (this.cached && this.cached.until > this.clock.now()) return this.cached.value;
    const stored = await this.settings.get(SETTING);
    const value = (REQUIREMENTS as readonly string[]).includes(stored ?? '')
      ? (stored as Requirement)
      : 'none';
    this.cached = { value, until: this.clock.now() + CACHE_MS };
    return value;
  }

  async set(value: Requirement): Promise<void> {
    await this.settings.set(SETTING, value);
    this.cached = null;
  }

  /** Whether an account must have two-factor codes on before it may use the account area. */
  async requires(account: { isAdmin: boolean }): Promise<boolean> {
    const r = await this.get();
    return r === 'all' || (r === 'admins' && account.isAdmin);
  }
}
