import { Module } from '@nestjs/common';
import { AnalyticsModule } from '../analytics/analytics.module';
import { StorageModule } from '../files/storage/storage.module';
import { HealthController } from './health.controller';
import { HealthRepository } from './health.repository';

@Module({
  imports: [StorageModule, AnalyticsModule],
  controllers: [HealthController],
  providers: [HealthRepository],
})
export class HealthModule {}
