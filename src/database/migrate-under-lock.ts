import { DataSource, DataSourceOptions } from 'typeorm';

const LOCK = 'linkdrop_migrations';
const WAIT_SECONDS = 120;

/**
 * Opens the database and applies pending migrations. On MySQL, instances starting together
 * (compose replicas) take turns through a named lock: the first migrates, the others then find
 * nothing pending. SQLite serves one machine, and its writers take turns anyway.
 */
export async function openMigrated(options: DataSourceOptions): Promise<DataSource> {
  const db = new DataSource({ ...options, migrationsRun: false });
  await db.initialize();
  if (options.type !== 'mysql') {
    await db.runMigrations({ transaction: 'all' });
    // Then SQLite's temporary storage in memory (the service's connection; the visit writer's
    // keeps the default, see architecture.md). Kept in a file, a write's statement journal and
    // its savepoint's sub-journal (every write of a group commit has one) spilled there once a
    // group had touched 64 KiB of pages, and every page they journaled after was a `pwrite`: ~30 a
    // link creation, whose link, event and counts inserts took 58, 29 and 10 µs of wall time
    // against 32, 20 and 8 in memory. Not during migrations: in memory, SQLite also sorts in
    // memory, and an index built over millions of rows would be sorted in RAM.
    await db.query('PRAGMA temp_store = MEMORY');
    return db;
  }
  const holder = db.createQueryRunner();
  try {
    const [got] = (await holder.query('SELECT GET_LOCK(?, ?) AS got', [LOCK, WAIT_SECONDS])) as {
      got: number | null;
    }[];
    if (Number(got?.got) !== 1) throw new Error(`another instance held "${LOCK}" too long`);
    await db.runMigrations({ transaction: 'all' });
  } finally {
    await holder.query('SELECT RELEASE_LOCK(?)', [LOCK]).catch(() => undefined);
    await holder.release();
  }
  return db;
}
