import { Module } from '@nestjs/common';
import { FilesModule } from '../files/files.module';
import { HealthController } from './health.controller';
import { HealthRepository } from './health.repository';

@Module({ imports: [FilesModule], controllers: [HealthController], providers: [HealthRepository] })
export class HealthModule {}
