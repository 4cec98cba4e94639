import { Injectable, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { RedisService } from '../redis/redis.service';
import { DomainSettings, DomainsService } from '../domains/domains.service';
import { CustomDomainsRepository } from './custom-domains.repository';
import { Job, Scheduler } from '../common/scheduler';

const CHANNEL = 'custom-domains:changed';
/** Without Redis (or if a message is lost), instances catch up this often. */
const REFRESH_MS = 30_000;

/**
 * Tells DomainsService which custom hosts serve (and where their `/` and unknown slugs go) and
 * which are claimed but must serve nothing; on every instance, after every change.
 */
@Injectable()
export class CustomDomainsState implements OnApplicationBootstrap, OnModuleDestroy {
  private job?: Job;

  constructor(
    private readonly repo: CustomDomainsRepository,
    private readonly domains: DomainsService,
    private readonly redis: RedisService,
    private readonly scheduler: Scheduler,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.refresh();
    this.redis.subscribe(CHANNEL, () => void this.refresh().catch(() => undefined));
    this.job = this.scheduler.every('custom domains: reload', REFRESH_MS, () =>
      this.refresh().catch(() => undefined),
    );
  }

  onModuleDestroy(): void {
    this.job?.stop();
  }

  /** After a change here: this instance at once, the others through Redis. */
  async changed(): Promise<void> {
    await this.refresh();
    await this.redis.publish(CHANNEL, '1');
  }

  async refresh(): Promise<void> {
    await this.domains.reload();
    const claims = await this.repo.listAll();
    const serving = new Set(claims.filter((c) => c.status === 'verified').map((c) => c.host));
    const blocked = claims.filter((c) => !serving.has(c.host)).map((c) => c.host);
    const settings = new Map<number, DomainSettings>();
    for (const c of claims) {
      if (c.status === 'verified' && c.domainId !== null) {
        settings.set(c.domainId, {
          rootRedirectUrl: c.rootRedirectUrl,
          notFoundRedirectUrl: c.notFoundRedirectUrl,
        });
      }
    }
    this.domains.applyCustom(blocked, settings);
  }
}
