import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, Repository, SelectQueryBuilder } from 'typeorm';
import { VisitDim } from './visit-dim.entity';
import { VisitSlot } from './visit-slot.entity';

/** Whose visits: one share's, or every share of an account. */
export type Scope = { linkId: number } | { accountId: number };

export interface SlotSum {
  slot: number;
  bot: boolean;
  visits: number;
  uniques: number;
}

export interface DimSum {
  dimension: string;
  value: string;
  visits: number;
}

const scoped = <T extends object>(q: SelectQueryBuilder<T>, scope: Scope) =>
  'linkId' in scope
    ? q.where('r.link_id = :id', { id: scope.linkId })
    : q.where('r.account_id = :id', { id: scope.accountId });

/** Reads of the rollups (written with the raw visits, by VisitsRepository). */
@Injectable()
export class VisitRollupsRepository {
  constructor(
    @InjectRepository(VisitSlot) private readonly slots: Repository<VisitSlot>,
    @InjectRepository(VisitDim) private readonly dims: Repository<VisitDim>,
  ) {}

  /** Counts per quarter-hour in [from, to) (Unix seconds), people and bots apart. */
  async slotSums(scope: Scope, from: number, to: number): Promise<SlotSum[]> {
    const q = scoped(this.slots.createQueryBuilder('r'), scope)
      .select('r.slot', 'slot')
      .addSelect('r.bot', 'bot')
      .addSelect('SUM(r.visits)', 'visits')
      .addSelect('SUM(r.uniques)', 'uniques')
      .andWhere('r.slot >= :from AND r.slot < :to', { from, to })
      .groupBy('r.slot')
      .addGroupBy('r.bot');
    const rows = await q.getRawMany<Record<string, unknown>>();
    return rows.map((r) => ({
      slot: Number(r.slot),
      bot: Boolean(Number(r.bot)),
      visits: Number(r.visits),
      uniques: Number(r.uniques),
    }));
  }

  /** Visits per dimension and value, from `span` rollups starting in [from, to). */
  async dimSums(
    scope: Scope,
    span: 'h' | 'd',
    from: number,
    to: number,
    bots: boolean[],
  ): Promise<DimSum[]> {
    if (from >= to) return [];
    const rows = await scoped(this.dims.createQueryBuilder('r'), scope)
      .select('r.dimension', 'dimension')
      .addSelect('r.value', 'value')
      .addSelect('SUM(r.visits)', 'visits')
      .andWhere('r.span = :span AND r.start >= :from AND r.start < :to', { span, from, to })
      .andWhere('r.bot IN (:...bots)', { bots: bots.map(Number) })
      .groupBy('r.dimension')
      .addGroupBy('r.value')
      .getRawMany<Record<string, unknown>>();
    return rows.map((r) => ({
      dimension: String(r.dimension),
      value: String(r.value),
      visits: Number(r.visits),
    }));
  }

  /** Visits by people to each of these shares since `since` (Unix seconds) or ever. */
  async humanVisits(linkIds: number[], since = 0): Promise<Map<number, number>> {
    const totals = new Map<number, number>(linkIds.map((id) => [id, 0]));
    if (linkIds.length === 0) return totals;
    const rows = await this.slots
      .createQueryBuilder('r')
      .select('r.link_id', 'link')
      .addSelect('SUM(r.visits)', 'visits')
      .where({ linkId: In(linkIds) })
      .andWhere('r.bot = 0')
      .andWhere('r.slot >= :since', { since })
      .groupBy('r.link_id')
      .getRawMany<Record<string, unknown>>();
    for (const r of rows) totals.set(Number(r.link), Number(r.visits));
    return totals;
  }

  /** An account's shares with the most visits in [from, to), most first. */
  async topLinks(accountId: number, from: number, to: number, bots: boolean[], limit: number) {
    const rows = await this.slots
      .createQueryBuilder('r')
      .select('r.link_id', 'link')
      .addSelect('SUM(r.visits)', 'visits')
      .where('r.account_id = :accountId', { accountId })
      .andWhere('r.slot >= :from AND r.slot < :to', { from, to })
      .andWhere('r.bot IN (:...bots)', { bots: bots.map(Number) })
      .groupBy('r.link_id')
      .orderBy('visits', 'DESC')
      .addOrderBy('r.link_id', 'ASC')
      .limit(limit)
      .getRawMany<Record<string, unknown>>();
    return rows.map((r) => ({ linkId: Number(r.link), visits: Number(r.visits) }));
  }
}
