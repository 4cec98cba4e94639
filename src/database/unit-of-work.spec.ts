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

  it('should let SQLite transactions take turns, their after-commit work outside the turn', async () => {
    const events: string[] = [];
    const transaction = async (work: (em: EntityManager) => Promise<unknown>) => {
      events.push('begin');
      const result = await work({} as EntityManager);
      events.push('commit');
      return result;
    };
    const db = { transaction, options: { type: 'better-sqlite3' } } as unknown as DataSource;
    const uow = new UnitOfWork(db);
    const pause = () => new Promise((r) => setTimeout(r, 5));
    const one = uow.run(async (tx) => {
      await pause();
      // After commit, work may open a transaction of its own: it does not wait for itself.
      tx.afterCommit(() => uow.run(() => Promise.resolve(events.push('after'))));
      events.push('one');
    });
    const two = uow.run(async () => {
      events.push('two');
      return Promise.resolve();
    });
    await Promise.all([one, two]);
    expect(events).toEqual([
      'begin',
      'one',
      'commit',
      'begin',
      'two',
      'commit',
      'begin',
      'after',
      'commit',
    ]);
  });

  it('should go on after a failed SQLite transaction', async () => {
    const db = {
      transaction: (work: (em: EntityManager) => Promise<unknown>) => work({} as EntityManager),
      options: { type: 'better-sqlite3' },
    } as unknown as DataSource;
    const uow = new UnitOfWork(db);
    const failed = uow.run(() => Promise.reject(new Error('no')));
    const next = uow.run(() => Promise.resolve('yes'));
    await expect(failed).rejects.toThrow('no');
    await expect(next).resolves.toBe('yes');
  });
});
