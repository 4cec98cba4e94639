import { DataSource } from 'typeorm';

/**
 * What group-commit.ts and sqlite-write-lock.ts rely on inside TypeORM's better-sqlite3 driver,
 * none of it public API. typeorm is pinned to an exact version for this; when an upgrade makes
 * this spec fail, the SQLite machinery must change with it.
 */
interface RunnerInternals {
  query: (sql: string, params?: unknown[], structured?: boolean) => Promise<unknown>;
  isTransactionActive: boolean;
  transactionDepth: number;
  getStmt(sql: string): Promise<{ readonly: boolean }>;
}
interface ConnectionInternals {
  inTransaction: boolean;
  prepare(sql: string): { get(...params: unknown[]): unknown };
  exec(sql: string): unknown;
  pragma(sql: string, options?: { simple: boolean }): unknown;
}

describe('TypeORM internals the SQLite machinery relies on', () => {
  let db: DataSource;
  beforeEach(async () => {
    db = await new DataSource({ type: 'better-sqlite3', database: ':memory:' }).initialize();
  });
  afterEach(() => db.destroy());

  const master = () => db.driver.createQueryRunner('master') as unknown as RunnerInternals;
  const connection = () =>
    (db.driver as unknown as { databaseConnection: ConnectionInternals }).databaseConnection;

  it("should expose better-sqlite3's own connection, whose statements sqlite-statements.ts prepares", async () => {
    await db.query('CREATE TABLE t (a INTEGER)');
    await db.query('INSERT INTO t (a) VALUES (7)');
    expect(connection().prepare('SELECT a FROM t WHERE a = ?').get(7)).toEqual({ a: 7 });
  });

  it('should hand out one shared query runner, so replacing its query sees every statement', () => {
    expect(db.driver.createQueryRunner('master')).toBe(db.createQueryRunner());
    expect(db.createQueryRunner()).toBe(db.manager.connection.createQueryRunner());
  });

  it('should expose the runner fields and the statement check the write lock uses', async () => {
    const runner = master();
    expect(typeof runner.query).toBe('function');
    expect(runner.isTransactionActive).toBe(false);
    expect(runner.transactionDepth).toBe(0);
    expect((await runner.getStmt('SELECT 1')).readonly).toBe(true);
    expect((await runner.getStmt('CREATE TABLE t (a INTEGER)')).readonly).toBe(false);
  });

  it('should begin the outer transaction with "BEGIN TRANSACTION" through query, inner ones as savepoints', async () => {
    const runner = master();
    const sent: string[] = [];
    const query = runner.query.bind(runner);
    runner.query = (sql, params, structured) => {
      sent.push(sql);
      return query(sql, params, structured);
    };
    const qr = db.createQueryRunner();
    await qr.startTransaction();
    expect(runner.isTransactionActive).toBe(true);
    expect(connection().inTransaction).toBe(true);
    await qr.startTransaction();
    expect(runner.transactionDepth).toBe(2);
    await qr.commitTransaction();
    await qr.commitTransaction();
    expect(sent[0]).toBe('BEGIN TRANSACTION');
    expect(sent[1]).toMatch(/^SAVEPOINT /);
    expect(runner.isTransactionActive).toBe(false);
    expect(runner.transactionDepth).toBe(0);
    expect(connection().inTransaction).toBe(false);
  });

  it('should let the group commit reset a transaction SQLite rolled back by itself', async () => {
    const qr = db.createQueryRunner();
    await qr.startTransaction();
    connection().exec('ROLLBACK'); // as SQLite does on a full disk
    Object.assign(qr, { isTransactionActive: false, transactionDepth: 0 });
    await qr.startTransaction(); // a BEGIN again, not a savepoint of nothing
    expect(connection().inTransaction).toBe(true);
    await qr.commitTransaction();
  });

  it('should give the better-sqlite3 connection the write lock drives', () => {
    const conn = connection();
    expect(typeof conn.exec).toBe('function');
    expect(typeof conn.pragma('busy_timeout', { simple: true })).toBe('number');
  });
});
