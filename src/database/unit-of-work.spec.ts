import type { DataSource, EntityManager } from 'typeorm';
import { UnitOfWork } from './unit-of-work';

const deadlock = () => Object.assign(new Error('Deadlock found'), { code: 'ER_LOCK_DEADLOCK' });

function dataSource(failures: Error[]) {
  const transaction = jest.fn(async (work: (em: EntityManager) => Promise<unknown>) => {
    const failure = failures.shift();
    if (failure) throw failure;
    return work({} as EntityManager);
  });
  return { db: { transaction } as unknown as DataSource, transaction };
}

describe('UnitOfWork', () => {
  it('should run a deadlocked transaction again, and its after-commit work once', async () => {
    const { db, transaction } = dataSource([deadlock()]);
    const committed = jest.fn();
    const result = await new UnitOfWork(db).run((tx) => {
      tx.afterCommit(committed);
      return Promise.resolve(42);
    });
    expect(result).toBe(42);
    expect(transaction).toHaveBeenCalledTimes(2);
    expect(committed).toHaveBeenCalledTimes(1);
  });

  it('should give up after three attempts', async () => {
    const { db, transaction } = dataSource([deadlock(), deadlock(), deadlock(), deadlock()]);
    await expect(new UnitOfWork(db).run(() => Promise.resolve(1))).rejects.toMatchObject({
      code: 'ER_LOCK_DEADLOCK',
    });
    expect(transaction).toHaveBeenCalledTimes(3);
  });

  it('should not run again what failed for any other reason, nor its after-commit work', async () => {
    const { db, transaction } = dataSource([]);
    const committed = jest.fn();
    await expect(
      new UnitOfWork(db).run((tx) => {
        tx.afterCommit(committed);
        return Promise.reject(new Error('a rule was broken'));
      }),
    ).rejects.toThrow('a rule was broken');
    expect(transaction).toHaveBeenCalledTimes(1);
    expect(committed).not.toHaveBeenCalled();
  });

  /** A SQLite DataSource whose statements land in `events`; COMMIT fails while `failCommit`. */
  function sqlite(events: string[], failCommit = { on: false }) {
    const runner = {
      startTransaction: () => Promise.resolve(events.push('BEGIN')),
      commitTransaction: () =>
        failCommit.on ? Promise.reject(new Error('disk I/O error')) : events.push('COMMIT'),
      rollbackTransaction: () => Promise.resolve(events.push('ROLLBACK')),
    };
    const transaction = async (work: (em: EntityManager) => Promise<unknown>) => {
      events.push('savepoint');
      try {
        const result = await work({} as EntityManager);
        events.push('release');
        return result;
      } catch (e) {
        events.push('rollback to');
        throw e;
      }
    };
    return {
      transaction,
      createQueryRunner: () => runner,
      options: { type: 'better-sqlite3' },
      driver: { databaseConnection: { inTransaction: true } },
    } as unknown as DataSource;
  }

  it('should commit SQLite writes that arrive while a group runs with it, each in turn', async () => {
    const events: string[] = [];
    const uow = new UnitOfWork(sqlite(events));
    const one = uow.run(async (tx) => {
      await new Promise((r) => setTimeout(r, 5));
      // After commit, work may open a transaction of its own: it does not wait for itself.
      tx.afterCommit(() => uow.run(() => Promise.resolve(events.push('after'))));
      events.push('one');
    });
    const two = uow.run(() => Promise.resolve(events.push('two')));
    const three = uow.alone(() => Promise.resolve(events.push('three')));
    await Promise.all([one, two, three]);
    expect(events).toEqual([
      'BEGIN',
      'savepoint',
      'one',
      'release',
      'savepoint',
      'two',
      'release',
      'three',
      'COMMIT',
      'BEGIN',
      'savepoint',
      'after',
      'release',
      'COMMIT',
    ]);
  });

  it('should wait a turn of the event loop for more writes before a COMMIT', async () => {
    const events: string[] = [];
    const uow = new UnitOfWork(sqlite(events));
    const first = uow.alone(() => Promise.resolve(events.push('first')));
    // Read from a socket in the same turn, say: it joins the group.
    setImmediate(() => void uow.alone(() => Promise.resolve(events.push('second'))));
    await first;
    expect(events).toEqual(['BEGIN', 'first', 'second', 'COMMIT']);
  });

  it('should commit the rest of a SQLite group when one of its transactions fails', async () => {
    const events: string[] = [];
    const uow = new UnitOfWork(sqlite(events));
    const first = uow.run(() => Promise.resolve('first'));
    const failed = uow.run(() => Promise.reject(new Error('no')));
    const next = uow.run(() => Promise.resolve('yes'));
    const [a, b, c] = await Promise.allSettled([first, failed, next]);
    expect(a).toEqual({ status: 'fulfilled', value: 'first' });
    expect(b).toMatchObject({ status: 'rejected', reason: { message: 'no' } });
    expect(c).toEqual({ status: 'fulfilled', value: 'yes' });
    expect(events).toEqual([
      'BEGIN',
      'savepoint',
      'release',
      'savepoint',
      'rollback to',
      'savepoint',
      'release',
      'COMMIT',
    ]);
  });

  it('should fail what a SQLite group wrote when SQLite rolled it all back, and go on', async () => {
    const events: string[] = [];
    const db = sqlite(events);
    const connection = (db.driver as unknown as { databaseConnection: { inTransaction: boolean } })
      .databaseConnection;
    const uow = new UnitOfWork(db);
    const wrote = uow.alone(() => Promise.resolve('written, then rolled back'));
    const full = uow.alone(() => {
      connection.inTransaction = false; // what SQLITE_FULL does to the transaction
      return Promise.reject(new Error('database or disk is full'));
    });
    const waiting = uow.alone(() => Promise.resolve((connection.inTransaction = true)));
    const [a, b, c] = await Promise.allSettled([wrote, full, waiting]);
    expect(a).toMatchObject({
      status: 'rejected',
      reason: { message: 'database or disk is full' },
    });
    expect(b).toMatchObject({
      status: 'rejected',
      reason: { message: 'database or disk is full' },
    });
    // It had not run: the next group wrote it.
    expect(c).toEqual({ status: 'fulfilled', value: true });
    expect(events).toEqual(['BEGIN', 'BEGIN', 'COMMIT']);
  });

  it('should fail every write of a SQLite group whose COMMIT fails, and go on', async () => {
    const events: string[] = [];
    const failCommit = { on: true };
    const uow = new UnitOfWork(sqlite(events, failCommit));
    const committed = jest.fn();
    const a = uow.run((tx) => Promise.resolve(tx.afterCommit(committed)));
    await expect(a).rejects.toThrow('disk I/O error');
    expect(committed).not.toHaveBeenCalled();
    expect(events).toContain('ROLLBACK');
    failCommit.on = false;
    await expect(uow.alone(() => Promise.resolve('later'))).resolves.toBe('later');
  });
});
