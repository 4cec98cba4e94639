import { Injectable, Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { CustomDomainsService } from './custom-domains.service';
import { Job, Scheduler } from '../common/scheduler';

const EVERY_MS = 60_000;

/**
 * Every minute, the claims whose check is due: pending ones with back-off for 7 days (then
 * failed), verified ones daily (lost after 3 days without their TXT record).
 */
@Injectable()
export class DomainRecheck implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(DomainRecheck.name);
  private job?: Job;

  constructor(
    private readonly domains: CustomDomainsService,
    private readonly scheduler: Scheduler,
  ) {}

  onApplicationBootstrap(): void {
    this.job = this.scheduler.every('custom domains: re-check DNS', EVERY_MS, () => this.run());
  }

  onModuleDestroy(): void {
    this.job?.stop();
  }

  private async run(): Promise<void> {
    try {
      await this.domains.recheckDue();
    } catch (e) {
      this.logger.warn(`custom domain checks: ${String(e)}`);
    }
  }
}
