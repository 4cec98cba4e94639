import { ShareTombstone } from './tombstones/share-tombstone.entity';
import { Tombstones } from './tombstones/tombstones';
import { TombstonesRepository } from './tombstones/tombstones.repository';
import { Module } from '@nestjs/common';
import { AccountShareCount } from './account-share-count.entity';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AnalyticsModule } from '../analytics/analytics.module';
import { DomainsModule } from '../domains/domains.module';
import { RateLimitModule } from '../rate-limit/rate-limit.module';
import { TagsModule } from '../tags/tags.module';
import { Link } from './link.entity';
import { LinksController } from './links.controller';
import { LinksBulkController } from './links-bulk.controller';
import { LinksBulkService } from './links-bulk.service';
import { LinkRoutingController } from './link-routing.controller';
import { LinkRoutingService } from './rules/link-routing.service';
import { LinkHealthCheck } from './health/link-health-check.entity';
import { LinkHealthRepository } from './health/link-health.repository';
import { TargetWatch } from './health/target-watch';
import { LinksRepository } from './links.repository';
import { LinkListsRepository } from './link-lists.repository';
import { LinkSearchRepository } from './link-search.repository';
import { ShareCountsRepository } from './share-counts.repository';
import { LinksService } from './links.service';
import { LinkBlocks } from './link-blocks';
import { ShortenController } from './shorten.controller';
import { FastRedirectPath } from './resolve/fast-redirect-path';
import { LinkPasswordCookie } from './resolve/link-password';
import { LinkPasswordThrottle } from './resolve/link-password-throttle';
import { RedirectCache } from './resolve/redirect-cache';
import { RedirectCacheRefresher } from './resolve/redirect-cache-refresher';
import { VisitsService } from './resolve/visits.service';
import { VisitRouting } from './resolve/visit-routing';

/**
 * The address namespace. It knows no content kind: texts and files call it, and hear of a
 * removal through the LinkRemoving event. It installs its own fast redirect path at bootstrap.
 */
@Module({
  imports: [
    TypeOrmModule.forFeature([Link, AccountShareCount, ShareTombstone, LinkHealthCheck]),
    DomainsModule,
    TagsModule,
    RateLimitModule,
    AnalyticsModule,
  ],
  controllers: [ShortenController, LinksBulkController, LinksController, LinkRoutingController],
  providers: [
    LinksRepository,
    LinkListsRepository,
    LinkSearchRepository,
    ShareCountsRepository,
    LinksService,
    LinksBulkService,
    LinkRoutingService,
    LinkHealthRepository,
    TargetWatch,
    LinkBlocks,
    RedirectCache,
    RedirectCacheRefresher,
    LinkPasswordCookie,
    LinkPasswordThrottle,
    VisitsService,
    VisitRouting,
    FastRedirectPath,
    TombstonesRepository,
    Tombstones,
  ],
  exports: [LinksService, VisitsService, LinkBlocks, LinkRoutingService],
})
export class LinksModule {}
