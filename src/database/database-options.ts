import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { DataSourceOptions } from 'typeorm';
import { Env } from '../config/env';
import { MIGRATIONS } from './migrations';

/**
 * TypeORM options from DB_URL. The schema comes only from migrations; synchronize stays off.
 * Entities are not listed here: each module registers its own (`autoLoadEntities`).
 */
export function buildDataSourceOptions(
  env: Pick<Env, 'DB_URL' | 'DB_LOGGING' | 'DB_QUERY_TIMEOUT_SECONDS' | 'DB_POOL_SIZE'>,
): DataSourceOptions {
  const common = {
    migrations: MIGRATIONS,
    migrationsRun: true,
    synchronize: false,
    logging: env.DB_LOGGING,
  } as const;
  if (env.DB_URL.startsWith('sqlite:')) {
    const file = env.DB_URL.slice('sqlite:'.length);
    if (file !== ':memory:') mkdirSync(dirname(resolve(file)), { recursive: true });
    return {
      ...common,
      type: 'better-sqlite3',
      database: file,
      // WAL lets readers run beside the writer; foreign keys are off by default in SQLite.
      prepareDatabase: (db: { pragma: (s: string) => void }) => {
        db.pragma('journal_mode = WAL');
        db.pragma('synchronous = NORMAL');
        db.pragma('foreign_keys = ON');
      },
    };
  }
  return {
    ...common,
    type: 'mysql',
    url: env.DB_URL,
    charset: 'utf8mb4_unicode_ci',
    timezone: 'Z',
    supportBigNumbers: true,
    bigNumberStrings: false,
    connectorPackage: 'mysql2',
    poolSize: env.DB_POOL_SIZE,
    // A database that stops answering fails requests (503) instead of holding them: new
    // connections give up after 5 s, statements after DB_QUERY_TIMEOUT_SECONDS.
    connectTimeout: 5000,
    enableQueryTimeout: true,
    maxQueryExecutionTime: env.DB_QUERY_TIMEOUT_SECONDS * 1000,
  };
}
