import { Injectable } from '@nestjs/common';
import { VisitRollupsRepository } from './visit-rollups.repository';

/** Visits by people (bots left out) to shares, all time or since a moment, from the rollups. */
@Injectable()
export class VisitCounts {
  constructor(private readonly rollups: VisitRollupsRepository) {}

  /** By share id; every id asked for has an entry (0 when never visited). */
  ofLinks(linkIds: number[], sinceMs = 0): Promise<Map<number, number>> {
    return this.rollups.humanVisits(linkIds, Math.floor(sinceMs / 1000));
  }

  async ofLink(linkId: number, sinceMs = 0): Promise<number> {
    return (await this.ofLinks([linkId], sinceMs)).get(linkId) ?? 0;
  }
}
