import { Injectable, Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { CustomDomainsService } from './custom-domains.service';

const EVERY_MS = 60_000;

/**
 * Every minute, the claims whose check is due: pending ones with back-off for 7 days (then
 * failed), verified ones daily (lost after 3 days without their TXT record).
 */
@Injectable()
export class DomainRecheck implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(DomainRecheck.name);
  private timer?: NodeJS.Timeout;

  constructor(private readonly domains: CustomDomainsService) {}

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => void this.run(), EVERY_MS);
    this.timer.unref();
  }

  onModuleDestroy(): void {
    clearInterval(this.timer);
  }

  private async run(): Promise<void> {
    try {
      await this.domains.recheckDue();
    } catch (e) {
      this.logger.warn(`custom domain checks: ${String(e)}`);
    }
  }
}
