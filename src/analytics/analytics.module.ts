import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { OrphanVisit } from './orphan-visit.entity';
import { OrphanVisits } from './orphan-visits';
import { OrphanVisitsRepository } from './orphan-visits.repository';
import { VisitCounts } from './visit-counts';
import { VisitRecorder } from './visit-recorder';
import { VisitRetention } from './visit-retention';
import { VisitRollupsRepository } from './visit-rollups.repository';
import { VisitRollup } from './visit-rollup.entity';
import { VisitStream } from './visit-stream';
import { Visit } from './visit.entity';
import { VisitsRepository } from './visits.repository';

/** The visit pipeline and its rollups. Links record into it; it knows nothing of links. */
@Module({
  imports: [TypeOrmModule.forFeature([Visit, VisitRollup, OrphanVisit])],
  providers: [
    VisitsRepository,
    VisitRollupsRepository,
    OrphanVisitsRepository,
    VisitRecorder,
    VisitStream,
    VisitRetention,
    VisitCounts,
    OrphanVisits,
  ],
  exports: [VisitRecorder, VisitsRepository, VisitRollupsRepository, VisitCounts, OrphanVisits],
})
export class AnalyticsModule {}
