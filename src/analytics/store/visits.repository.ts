import { Injectable, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Between, EntityManager, LessThan, MoreThanOrEqual, Repository } from 'typeorm';
import { SqliteVisitWriter, WritePace } from './sqlite-visit-writer';
import type { SqlRunner } from './sql/batch-sql';
import { storedMark, visitsPastMark } from './sql/rollup-mark';
import { pruneVisitorDays } from './sql/roll-up-visits';
import { pruneEvents, writeVisitBatch } from './sql/visit-batch';
import { Visit } from './visit.entity';
import { fromColumns, VisitColumns, visitsIn } from './visit-columns';
import { toDbTime } from '../../common/db-values';
import { managerOf, UnitOfWork } from '../../database/unit-of-work';

/**
 * Visit ids one retention statement covers at most: on SQLite a window's delete holds the event
 * loop for some milliseconds.
 */
export const RETENTION_WINDOW = 2000;

/** The only owner of `visits` and of the writes to the rollups. */
@Injectable()
export class VisitsRepository implements OnApplicationBootstrap, OnApplicationShutdown {
  /** On a SQLite file, batches are written by a worker thread (started on the first batch). */
  private writer?: SqliteVisitWriter | null;
  private closing = false;

  /** The last batch written without the writer thread: the next one waits for it. */
  private last: Promise<unknown> = Promise.resolve();

  constructor(
    @InjectRepository(Visit) private readonly repo: Repository<Visit>,
    private readonly uow: UnitOfWork,
  ) {}

  private writerOf(): SqliteVisitWriter | null {
    // A thread that failed is replaced; one stopped by shutdown is not.
    const failed = this.writer?.stopped === true && !this.closing;
    if (this.writer !== undefined && !failed) return this.writer;
    const options = this.repo.manager.connection.options;
    const file = options.type === 'better-sqlite3' ? String(options.database) : ':memory:';
    this.writer = file === ':memory:' ? null : new SqliteVisitWriter(file);
    return this.writer;
  }

  private runner(em: EntityManager): SqlRunner {
    return {
      mysql: this.repo.manager.connection.options.type === 'mysql',
      query: (sql, params) => em.query(sql, params),
    };
  }

  /** Visits an earlier run stored and did not roll up (it stopped first): the writer does. */
  async onApplicationBootstrap(): Promise<void> {
    const options = this.repo.manager.connection.options;
    if (options.type !== 'better-sqlite3' || options.database === ':memory:') return;
    if (await visitsPastMark(this.runner(this.repo.manager))) this.writerOf();
  }

  /** After every other shutdown hook (the recorder's last flush included). */
  async onApplicationShutdown(): Promise<void> {
    this.closing = true;
    await this.writer?.close();
  }

  /**
   * Stores a batch (as columns, the form it waits in and crosses to the writer thread in) and its
   * rollups in one transaction: whole or not at all (and then retried whole); on SQLite under load the rollups follow within seconds (see the writer thread).
   * Plain SQL, not TypeORM's entity machinery, which costs more than the write at
   * thousands of visits a second; on SQLite, off the main thread, where synchronous writes would
   * stall redirects. Batches may be handed in without waiting for each other: they are written
   * one after the other (on MySQL, two at once would wait on each other's rollup rows). Returns
   * how many were new (a redelivered event is stored once). See WritePace for `pace`.
   */
  async store(visits: VisitColumns, pace: WritePace = 'flush'): Promise<number> {
    if (visitsIn(visits) === 0) return 0;
    const writer = this.writerOf();
    if (writer) return writer.write(visits, pace);
    const rows = fromColumns(visits);
    // A transaction of the unit of work: on SQLite's one connection (`:memory:`) it takes its
    // turn with the API's, instead of landing inside whichever is open.
    const write = this.last.then(() =>
      this.uow.run((tx) => writeVisitBatch(this.runner(managerOf(tx)), rows)),
    );
    this.last = write.catch(() => undefined);
    return (await write).length;
  }

  /**
   * Rolls up what this instance stored and left for later: SQLite's writer thread rolls up a
   * batch it was not urged to write seconds later (see it); elsewhere each is rolled up with it.
   */
  async rollUpStored(): Promise<void> {
    await this.writer?.rollUp().catch(() => undefined);
  }

  /** Forgets the visitors of days before `day` (days since 1970). */
  async pruneVisitorDays(day: number): Promise<void> {
    const writer = this.writerOf();
    if (writer) await writer.pruneVisitorDays(day);
    else await pruneVisitorDays(this.runner(this.repo.manager), day);
  }

  /** Forgets the stream ids of visits stored before `before` (Redis Stream installations). */
  async pruneEvents(before: Date): Promise<void> {
    await pruneEvents(this.runner(this.repo.manager), before);
  }

  /** A page of a share's raw visits, newest first. */
  listForLink(linkId: number, page: number, perPage: number): Promise<Visit[]> {
    return this.repo.find({
      where: { linkId },
      order: { at: 'DESC', id: 'DESC' },
      skip: (page - 1) * perPage,
      take: perPage,
    });
  }

  /**
   * For each variant of a share's own split (`1`, `2`...): its visits and visitors (people),
   * and how many of them visited `goalId` afterwards on the same day (the visitor hash is salted by the day).
   */
  async variantConversions(linkId: number, goalId: number) {
    type Row = Record<'variant' | 'visits' | 'visitors' | 'converted', string | number>;
    const rows = await this.repo.query<Row[]>(
      'SELECT v.variant AS variant, COUNT(DISTINCT v.id) AS visits, ' +
        'COUNT(DISTINCT v.visitor_hash) AS visitors, ' +
        'COUNT(DISTINCT g.visitor_hash) AS converted FROM visits v ' +
        'LEFT JOIN visits g ON g.link_id = ? AND g.visitor_hash = v.visitor_hash ' +
        'AND g.at >= v.at AND g.is_bot = 0 ' +
        "WHERE v.link_id = ? AND v.is_bot = 0 AND v.variant IS NOT NULL AND v.variant NOT LIKE 'r%' " +
        'GROUP BY v.variant',
      [goalId, linkId],
    );
    return rows.map((r) => ({
      variant: String(r.variant),
      visits: Number(r.visits),
      visitors: Number(r.visitors),
      converted: Number(r.converted),
    }));
  }

  /** Up to `limit` raw visits of a share older than `after` (or the newest), newest first. */
  listAfter(linkId: number, after: Visit | null, limit: number): Promise<Visit[]> {
    const q = this.repo
      .createQueryBuilder('v')
      .where('v.link_id = :linkId', { linkId })
      .orderBy('v.at', 'DESC')
      .addOrderBy('v.id', 'DESC')
      .limit(limit);
    if (after) {
      // One index range (at ≤ the last one's), read backwards until the page is full: with an OR
      // of the two cases instead, SQLite sorted every older visit of the share for each page.
      const at = toDbTime(after.at, this.repo.manager.connection.options.type === 'mysql');
      q.andWhere('v.at <= :at AND (v.at < :at OR v.id < :id)', { at, id: after.id });
    }
    return q.getMany();
  }

  /**
   * Deletes the raw visits from before `cutoff`, but not those past the mark: deleted before
   * their roll-up (it failed for days, or a short retention met a long stop) they were lost to
   * the rollups, and so to every count, for good. A window of RETENTION_WINDOW ids at a time,
   * from the oldest on, a turn of the event loop apart: `visits` has no index on `at` (every
   * insert would pay for one), and one statement over millions of visits held the write lock,
   * and on SQLite the event loop, for seconds while it scanned them all. `whole`: through every
   * window; otherwise up to the first that deletes nothing, since ids follow storage and so,
   * but for a visit stored late (an import, a replay after an outage), the visits' time.
   */
  async deleteBefore(cutoff: Date, whole = true): Promise<number> {
    const mark = await storedMark(this.runner(this.repo.manager));
    let deleted = 0;
    for (let from = await this.firstIdFrom(0); from !== null;) {
      if (mark !== null && from > mark) break;
      let to = from + RETENTION_WINDOW - 1;
      if (mark !== null) to = Math.min(to, mark);
      const result = await this.repo.delete({ id: Between(from, to), at: LessThan(cutoff) });
      deleted += result.affected ?? 0;
      if (!whole && !result.affected) break;
      await new Promise((resolve) => setImmediate(resolve));
      from = await this.firstIdFrom(to + 1);
    }
    return deleted;
  }

  /** The first visit id from `id` on (a seek in the primary key), null past the last. */
  private async firstIdFrom(id: number): Promise<number | null> {
    const first = await this.repo.findOne({
      select: { id: true },
      where: { id: MoreThanOrEqual(id) },
      order: { id: 'ASC' },
    });
    return first ? Number(first.id) : null;
  }
}
