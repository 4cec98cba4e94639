import { Module } from '@nestjs/common';
import { StorageModule } from '../files/storage/storage.module';
import { HealthController } from './health.controller';
import { HealthRepository } from './health.repository';

@Module({
  imports: [StorageModule],
  controllers: [HealthController],
  providers: [HealthRepository],
})
export class HealthModule {}
