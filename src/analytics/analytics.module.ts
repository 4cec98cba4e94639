import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { OrphanVisit } from './store/orphan-visit.entity';
import { OrphanVisits } from './capture/orphan-visits';
import { OrphanVisitsRepository } from './store/orphan-visits.repository';
import { VisitRecorder } from './capture/visit-recorder';
import { VisitorSignals } from './capture/visitor-signals';
import { VisitEvents } from './capture/visit-events';
import { VisitRetention } from './store/visit-retention';
import { VisitRollupsRepository } from './rollups/visit-rollups.repository';
import { VisitRollup } from './rollups/visit-rollup.entity';
import { AccountRollup } from './rollups/account-rollup.entity';
import { VisitReads } from './visit-reads';
import { VisitStream } from './capture/visit-stream';
import { Visit } from './store/visit.entity';
import { VisitEvent } from './store/visit-event.entity';
import { VisitorDay } from './rollups/visitor-day.entity';
import { VisitsRepository } from './store/visits.repository';

/** The visit pipeline and its rollups. Links record into it; it knows nothing of links. */
@Module({
  imports: [
    TypeOrmModule.forFeature([
      Visit,
      VisitRollup,
      AccountRollup,
      OrphanVisit,
      VisitorDay,
      VisitEvent,
    ]),
  ],
  providers: [
    VisitsRepository,
    VisitRollupsRepository,
    OrphanVisitsRepository,
    VisitRecorder,
    VisitorSignals,
    VisitEvents,
    VisitStream,
    VisitRetention,
    VisitReads,
    OrphanVisits,
  ],
  exports: [VisitRecorder, VisitorSignals, VisitReads, OrphanVisits],
})
export class AnalyticsModule {}
