import { Injectable, OnApplicationShutdown } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Between, LessThan, MoreThanOrEqual, Repository } from 'typeorm';
import { SqliteVisitWriter } from './sqlite-visit-writer';
import type { StatRow } from './stats/aggregate';
import { Visit } from './visit.entity';

const ROWS_PER_STATEMENT = 100;

const COLUMNS = [
  'link_id',
  'account_id',
  'domain_id',
  'kind',
  'at',
  'is_bot',
  'qr',
  'referrer_host',
  'referrer_url',
  'country',
  'browser',
  'os',
  'device',
  'language',
  'visitor_hash',
];

/** The only owner of `visits`. */
@Injectable()
export class VisitsRepository implements OnApplicationShutdown {
  /** On a SQLite file, batches are written by a worker thread (started on the first batch). */
  private writer?: SqliteVisitWriter | null;

  constructor(@InjectRepository(Visit) private readonly repo: Repository<Visit>) {}

  private writerOf(): SqliteVisitWriter | null {
    if (this.writer !== undefined) return this.writer;
    const options = this.repo.manager.connection.options;
    const file = options.type === 'better-sqlite3' ? String(options.database) : ':memory:';
    const tuple = `(${COLUMNS.map(() => '?').join(',')})`;
    this.writer =
      file === ':memory:'
        ? null
        : new SqliteVisitWriter(file, `INSERT INTO visits (${COLUMNS.join(',')}) VALUES ${tuple}`);
    return this.writer;
  }

  /** After every other shutdown hook (the recorder's last flush included). */
  async onApplicationShutdown(): Promise<void> {
    await this.writer?.close();
  }

  /**
   * Writes a batch in one transaction: stored whole or not at all (and then retried whole).
   * Plain SQL, not TypeORM's entity machinery, which costs more than the write at thousands of
   * visits a second; on SQLite, off the main thread, where synchronous writes would stall
   * redirects.
   */
  async insertMany(rows: Omit<Visit, 'id'>[]): Promise<void> {
    if (rows.length === 0) return;
    const values = rows.map((r) => this.columnValues(r));
    const writer = this.writerOf();
    if (writer) return writer.write(values);
    const tuple = `(${COLUMNS.map(() => '?').join(',')})`;
    // Statements of a fixed size repeat their SQL text, so the driver reuses the prepared one.
    await this.repo.manager.transaction(async (em) => {
      for (let i = 0; i < values.length; i += ROWS_PER_STATEMENT) {
        const chunk = values.slice(i, i + ROWS_PER_STATEMENT);
        await em.query(
          `INSERT INTO visits (${COLUMNS.join(',')}) VALUES ${chunk.map(() => tuple).join(',')}`,
          chunk.flat(),
        );
      }
    });
  }

  /** The row in COLUMNS order, with the driver's own conversions (dates, booleans). */
  private columnValues(r: Omit<Visit, 'id'>): unknown[] {
    const driver = this.repo.manager.connection.driver;
    const column = (name: string) => this.repo.metadata.findColumnWithPropertyName(name)!;
    return [
      r.linkId,
      r.accountId,
      r.domainId,
      r.kind,
      driver.preparePersistentValue(r.at, column('at')),
      driver.preparePersistentValue(r.isBot, column('isBot')),
      driver.preparePersistentValue(r.qr, column('qr')),
      r.referrerHost,
      r.referrerUrl,
      r.country,
      r.browser,
      r.os,
      r.device,
      r.language,
      r.visitorHash,
    ];
  }

  /** Visits of people (not bots) to a link since a time (or ever). */
  countHuman(linkId: number, since?: Date): Promise<number> {
    return this.repo.countBy({
      linkId,
      isBot: false,
      ...(since ? { at: MoreThanOrEqual(since) } : {}),
    });
  }

  /** What a stats query counts, for one link in [from, to]. */
  listForStats(linkId: number, from: Date, to: Date): Promise<StatRow[]> {
    return this.repo.find({
      select: {
        at: true,
        isBot: true,
        visitorHash: true,
        referrerHost: true,
        country: true,
        browser: true,
        os: true,
        device: true,
        language: true,
      },
      where: { linkId, at: Between(from, to) },
    });
  }

  listForLink(linkId: number, page: number, perPage: number): Promise<Visit[]> {
    return this.repo.find({
      where: { linkId },
      order: { at: 'DESC', id: 'DESC' },
      skip: (page - 1) * perPage,
      take: perPage,
    });
  }

  async deleteBefore(cutoff: Date): Promise<number> {
    const result = await this.repo.delete({ at: LessThan(cutoff) });
    return result.affected ?? 0;
  }
}
