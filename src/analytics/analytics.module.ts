import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { Visit } from './visit.entity';
import { VisitRecorder } from './visit-recorder';
import { VisitRetention } from './visit-retention';
import { VisitsRepository } from './visits.repository';

/** The visit pipeline. Links record into it; it knows nothing of links. */
@Module({
  imports: [TypeOrmModule.forFeature([Visit])],
  providers: [VisitsRepository, VisitRecorder, VisitRetention],
  exports: [VisitRecorder, VisitsRepository],
})
export class AnalyticsModule {}
