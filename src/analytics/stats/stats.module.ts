import { Module } from '@nestjs/common';
import { LinksModule } from '../../links/links.module';
import { AnalyticsModule } from '../analytics.module';
import { StatsController } from './stats.controller';
import { StatsService } from './stats.service';

/** Reading visits: the owner's view of each share's analytics. */
@Module({
  imports: [LinksModule, AnalyticsModule],
  controllers: [StatsController],
  providers: [StatsService],
})
export class StatsModule {}
