import { Injectable, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { RedisService } from '../redis/redis.service';
import { DomainSettings, DomainsService } from '../domains/domains.service';
import { CustomDomainsRepository } from './custom-domains.repository';

const CHANNEL = 'custom-domains:changed';
/** Without Redis (or if a message is lost), instances catch up this often. */
const REFRESH_MS = 30_000;

/**
 * Tells DomainsService which custom hosts serve (and where their `/` and unknown slugs go) and
 * which are claimed but must serve nothing; on every instance, after every change.
 */
@Injectable()
export class CustomDomainsState implements OnApplicationBootstrap, OnModuleDestroy {
  private timer?: NodeJS.Timeout;

  constructor(
    private readonly repo: CustomDomainsRepository,
    private readonly domains: DomainsService,
    private readonly redis: RedisService,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.refresh();
    this.redis.subscribe(CHANNEL, () => void this.refresh().catch(() => undefined));
    this.timer = setInterval(() => void this.refresh().catch(() => undefined), REFRESH_MS);
    this.timer.unref();
  }

  onModuleDestroy(): void {
    clearInterval(this.timer);
  }

  /** After a change here: this instance at once, the others through Redis. */
  async changed(): Promise<void> {
    await this.refresh();
    this.redis.publish(CHANNEL, '1');
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
