import { Injectable } from '@nestjs/common';
import { VisitRollupsRepository } from './rollups/visit-rollups.repository';
import { VisitsRepository } from './store/visits.repository';

type Rollups = VisitRollupsRepository;

/**
 * What the layers above read of the visits: visits by people per share (lists, S.EE's history),
 * rollup rows over a range (stats) and one share's raw log. The repositories stay this module's.
 */
@Injectable()
export class VisitReads {
  constructor(
    private readonly rollups: VisitRollupsRepository,
    private readonly visits: VisitsRepository,
  ) {}

  /** Visits by people, by share id; every id asked for has an entry (0 when never visited). */
  ofLinks(linkIds: number[], sinceMs = 0): Promise<Map<number, number>> {
    return this.rollups.humanVisits(linkIds, Math.floor(sinceMs / 1000));
  }

  async ofLink(linkId: number, sinceMs = 0): Promise<number> {
    return (await this.ofLinks([linkId], sinceMs)).get(linkId) ?? 0;
  }

  series = (...a: Parameters<Rollups['series']>) => this.rollups.series(...a);
  botVisits = (...a: Parameters<Rollups['botVisits']>) => this.rollups.botVisits(...a);
  bucketSums = (...a: Parameters<Rollups['bucketSums']>) => this.rollups.bucketSums(...a);
  dimCounts = (...a: Parameters<Rollups['dimCounts']>) => this.rollups.dimCounts(...a);
  latestOfLink = (...a: Parameters<VisitsRepository['listForLink']>) =>
    this.visits.listForLink(...a);
  variantConversions = (...a: Parameters<VisitsRepository['variantConversions']>) =>
    this.visits.variantConversions(...a);
  afterOfLink = (...a: Parameters<VisitsRepository['listAfter']>) => this.visits.listAfter(...a);
}
