import { Module } from '@nestjs/common';
import { LinksModule } from '../../links/links.module';
import { AnalyticsModule } from '../analytics.module';
import { DomainsModule } from '../../domains/domains.module';
import { RollupStats } from './rollup-stats';
import { StatsController } from './stats.controller';
import { StatsService } from './stats.service';

/** Reading visits: the owner's view of each share's analytics. */
@Module({
  imports: [LinksModule, AnalyticsModule, DomainsModule],
  controllers: [StatsController],
  providers: [StatsService, RollupStats],
  exports: [StatsService],
})
export class StatsModule {}
