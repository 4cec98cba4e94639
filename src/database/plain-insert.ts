import type { EntityManager, EntityTarget, ObjectLiteral } from 'typeorm';
import type { ColumnMetadata } from 'typeorm/metadata/ColumnMetadata';
import { insertedId } from '../common/db-values';

interface Prepared {
  sql: string;
  columns: ColumnMetadata[];
}

const prepared = new WeakMap<object, Map<string, Prepared>>();

/**
 * INSERT of one row by plain SQL, values converted as TypeORM would (dates, booleans,
 * transformers): its query builder takes several times longer to write the same statement, on
 * the path of every link creation. Columns left out get the database's default. For
 * repositories only; answers the new row's id.
 */
export async function plainInsert<T extends ObjectLiteral>(
  em: EntityManager,
  entity: EntityTarget<T>,
  row: Partial<T>,
): Promise<number> {
  const { sql, columns } = statementFor(em, entity, Object.keys(row));
  const driver = em.connection.driver;
  const values = columns.map(
    (c) => driver.preparePersistentValue(c.getEntityValue(row), c) as unknown,
  );
  return insertedId(await em.query(sql, values));
}

function statementFor(em: EntityManager, entity: EntityTarget<ObjectLiteral>, keys: string[]) {
  const meta = em.connection.getMetadata(entity);
  let byShape = prepared.get(meta);
  if (!byShape) prepared.set(meta, (byShape = new Map<string, Prepared>()));
  const shape = keys.join(',');
  let known = byShape.get(shape);
  if (!known) {
    const driver = em.connection.driver;
    const columns = keys.map((k) => {
      const column = meta.findColumnWithPropertyName(k);
      if (!column) throw new Error(`${meta.name} has no column ${k}`);
      return column;
    });
    const names = columns.map((c) => driver.escape(c.databaseName)).join(', ');
    const marks = columns.map(() => '?').join(', ');
    known = {
      sql: `INSERT INTO ${driver.escape(meta.tableName)} (${names}) VALUES (${marks})`,
      columns,
    };
    byShape.set(shape, known);
  }
  return known;
}
