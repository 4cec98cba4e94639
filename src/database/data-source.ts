import 'reflect-metadata';
import { join } from 'node:path';
import { DataSource } from 'typeorm';
import { validateEnv } from '../config/validate-env';
import { buildDataSourceOptions } from './database-options';

/** The data source for TypeORM's CLI (migration:generate) and for `npm run cli -- migration:*`. */
export default new DataSource({
  ...buildDataSourceOptions(validateEnv(process.env)),
  // The app's modules register their entities; the CLI finds them by name instead.
  entities: [join(__dirname, '..', '**', '*.entity.{ts,js}')],
});
