import { Injectable, OnModuleInit } from '@nestjs/common';
import { Env } from '../../config/env';
import { DomainError } from '../../common/errors/domain-error';
import { Plan } from './plan.entity';
import { PlansRepository } from './plans.repository';

@Injectable()
export class PlansService implements OnModuleInit {
  constructor(
    private readonly plans: PlansRepository,
    private readonly env: Env,
  ) {}

  /** The plan limits come from configuration; the table follows it at every start. */
  async onModuleInit(): Promise<void> {
    await this.plans.upsertByCode({
      code: 'free',
      name: 'Free',
      maxFileBytes: this.env.PLAN_FREE_MAX_FILE_BYTES,
      storageQuotaBytes: this.env.PLAN_FREE_QUOTA_BYTES,
      maxCustomDomains: this.env.PLAN_FREE_CUSTOM_DOMAINS,
      usageLimits: this.env.PLAN_FREE_USAGE_LIMITS,
    });
    await this.plans.upsertByCode({
      code: 'pro',
      name: 'Pro',
      maxFileBytes: this.env.PLAN_PRO_MAX_FILE_BYTES,
      storageQuotaBytes: this.env.PLAN_PRO_QUOTA_BYTES,
      maxCustomDomains: this.env.PLAN_PRO_CUSTOM_DOMAINS,
      usageLimits: this.env.PLAN_PRO_USAGE_LIMITS,
    });
  }

  async getByCode(code: string): Promise<Plan> {
    const plan = await this.plans.getByCode(code);
    if (!plan) throw new DomainError(400, 'validation_failed', `Unknown plan "${code}"`);
    return plan;
  }
}
