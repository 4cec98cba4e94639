import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createConnection } from 'mysql2/promise';
import {
  GROUP_EVERY_MS,
  MAX_GROUP_ROWS,
  ROLL_UP_EVERY_MS,
} from '../../src/analytics/store/sql/rollup-mark';
import { fmt, runPinned } from './harness';

interface IngestResult {
  sent: number;
  rate: number;
  stored: number;
  rolledUp: number;
  dropped: number;
  /** CPU µs a visit: this service's (all threads), and the MySQL server's when readable. */
  cpuUs: { service: number; database: number | null };
  p50: number;
  p99: number;
  zones: Record<string, number>;
}

/**
 * 1,000,000 synthetic visits through the pipeline (ingest.ts, on core 0), on SQLite and, with
 * BENCH_MYSQL_URL (or TEST_MYSQL_URL), on MySQL: visits/s sustained, stored = sent, and the
 * latency of a 90-day stats query (interval=day, every top list) in four zones.
 */
/** What the ingestion runs found: CPU per visit on each database, and whether every visit sent
 *  was stored and rolled up (none dropped) on every one. */
export interface AnalyticsResult {
  exact: boolean;
  cpuUs: { sqlite: number; mysql?: { service: number; database: number | null } };
}

export async function benchAnalytics(): Promise<AnalyticsResult> {
  console.log('# analytics: 1,000,000 synthetic visits over 90 days, then 200 stats queries');
  const dir = mkdtempSync(join(tmpdir(), 'linkdrop-ingest-'));
  try {
    const sqlite = await ingest(`sqlite:${join(dir, 'ingest.sqlite')}`, dir);
    const result: AnalyticsResult = {
      exact: report('SQLite', sqlite),
      cpuUs: { sqlite: sqlite.cpuUs.service },
    };
    const mysql = process.env.BENCH_MYSQL_URL ?? process.env.TEST_MYSQL_URL;
    if (mysql) {
      const url = new URL(mysql);
      const admin = await createConnection({ uri: mysql });
      await admin.query('DROP DATABASE IF EXISTS linkdrop_bench');
      await admin.query('CREATE DATABASE linkdrop_bench');
      try {
        url.pathname = '/linkdrop_bench';
        const run = await ingest(url.toString(), dir);
        result.exact = report('MySQL', run) && result.exact;
        result.cpuUs.mysql = run.cpuUs;
      } finally {
        await admin.query('DROP DATABASE IF EXISTS linkdrop_bench');
        await admin.end();
      }
    }
    return result;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function ingest(dbUrl: string, dir: string): Promise<IngestResult> {
  const out = await runPinned(0, [join(__dirname, 'ingest.js')], {
    PORT: '3904',
    DB_URL: dbUrl,
    STORAGE_LOCAL_DIR: join(dir, 'uploads'),
    LOG_LEVEL: 'warn',
    AUTH_BOOTSTRAP_ADMIN: 'false',
    RATE_LIMIT_API_PER_MINUTE: '0',
  });
  return JSON.parse(out.trim().split('\n').at(-1)!) as IngestResult;
}

/** Prints a run's figures; true when every visit sent was stored and rolled up, none dropped. */
function report(db: string, r: IngestResult): boolean {
  const exact = r.stored === r.sent && r.rolledUp === r.sent && r.dropped === 0;
  console.log(
    `${db} ingestion: ${fmt(r.rate)} visits/s sustained; sent ${fmt(r.sent)}, stored ${fmt(r.stored)}, ` +
      `in rollups ${fmt(r.rolledUp)}, dropped ${r.dropped}: ${exact ? 'stored = sent' : 'MISMATCH'}`,
  );
  const database =
    r.cpuUs.database === null ? '' : `, and ${fmt(r.cpuUs.database, 1)} µs in the database server`;
  console.log(
    `${db} ingestion CPU: ${fmt(r.cpuUs.service, 1)} µs a visit in the service (all its threads: ` +
      `enrich, hash, store, roll up)${database}`,
  );
  const zones = Object.entries(r.zones)
    .map(([tz, ms]) => `${tz} ${fmt(ms, 1)}`)
    .join(', ');
  console.log(
    `${db} stats query (90 days by day, all top lists, 1,000,000 visits): p50 ${fmt(r.p50, 1)} ms, ` +
      `p99 ${fmt(r.p99, 1)} ms (target < 50); medians by zone: ${zones} ms`,
  );
  return exact;
}

/**
 * The SQLite writer thread's CPU per visit against a bare writer that only inserts the same rows
 * (writer.ts, on core 0): what uniques, rollups and checks add to the floor any writer pays.
 */
export async function benchWriter(): Promise<number> {
  console.log(
    `# visit writer: 10,000 links visited at 22,000 a second, in the groups the writer thread ` +
      `makes (every ${GROUP_EVERY_MS / 1000} s, ${fmt(MAX_GROUP_ROWS, 0)} visits at most), ` +
      `rolled up as it would (every ${ROLL_UP_EVERY_MS / 1000} s), one thread`,
  );
  const out = await runPinned(0, [join(__dirname, 'writer.js')], {
    PORT: '3905',
    LOG_LEVEL: 'warn',
    AUTH_BOOTSTRAP_ADMIN: 'false',
  });
  const r = JSON.parse(out.trim().split('\n').at(-1)!) as {
    writerUs: number;
    bareUs: number;
    visits: number;
    group: number;
  };
  console.log(
    `visit writer: ${fmt(r.visits, 0)} visits in groups of ${fmt(r.group, 0)}, ` +
      `${fmt(r.writerUs, 1)} µs of CPU per visit; a bare insert of the same rows ` +
      `${fmt(r.bareUs, 1)} µs: ${fmt(r.writerUs / r.bareUs, 2)} of the floor`,
  );
  return r.writerUs;
}
