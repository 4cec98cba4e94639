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
