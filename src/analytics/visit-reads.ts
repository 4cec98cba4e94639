import { Injectable } from '@nestjs/common';
import { VisitRollupsRepository } from './rollups/visit-rollups.repository';
import { VisitsRepository } from './store/visits.repository';

type Rollups = VisitRollupsRepository;

/**
 * What the surfaces above (stats, the account area) read of the visits: rollup rows over a range
 * and one share's latest visits. The repositories stay this module's own.
 */
@Injectable()
export class VisitReads {
  constructor(
    private readonly rollups: VisitRollupsRepository,
    private readonly visits: VisitsRepository,
  ) {}

  series = (...a: Parameters<Rollups['series']>) => this.rollups.series(...a);
  botVisits = (...a: Parameters<Rollups['botVisits']>) => this.rollups.botVisits(...a);
  bucketSums = (...a: Parameters<Rollups['bucketSums']>) => this.rollups.bucketSums(...a);
  dimCounts = (...a: Parameters<Rollups['dimCounts']>) => this.rollups.dimCounts(...a);
  topLinks = (...a: Parameters<Rollups['topLinks']>) => this.rollups.topLinks(...a);
  latestOfLink = (...a: Parameters<VisitsRepository['listForLink']>) =>
    this.visits.listForLink(...a);
  afterOfLink = (...a: Parameters<VisitsRepository['listAfter']>) => this.visits.listAfter(...a);
}
