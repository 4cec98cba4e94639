import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { isTransientDbError } from '../common/errors/transient-db-error';
import { GroupCommit } from './sqlite/group-commit';

const ATTEMPTS = 3;

const managers = new WeakMap<Tx, EntityManager>();

/**
 * An open transaction. Services hand it on without looking inside; only repositories reach the
 * connection behind it (`managerOf`), so TypeORM stays out of service signatures.
 */
export class Tx {
  private readonly committed: (() => unknown)[] = [];

  constructor(manager: EntityManager) {
    managers.set(this, manager);
  }

  /** Work that must only happen once the writes are durable (cache invalidation, stored bytes). */
  afterCommit(fn: () => unknown): void {
    this.committed.push(fn);
  }

  /** @internal Called by UnitOfWork after COMMIT. */
  async runAfterCommit(): Promise<void> {
    for (const fn of this.committed) await fn();
  }
}

/** The connection behind a transaction; for repositories only. */
export const managerOf = (tx: Tx): EntityManager => managers.get(tx)!;

/**
 * Opens transactions: everything written through one `run` is kept, or none of it. A transaction
 * the database aborted (a MySQL deadlock) is run again from the start, a bounded number of times,
 * so `work` must not have effects outside the transaction (those go in `afterCommit`).
 */
@Injectable()
export class UnitOfWork {
  /**
   * SQLite has one connection, on which TypeORM turns a second concurrent transaction into a
   * savepoint inside the first: one request's COMMIT would then carry another's half-done
   * writes, and a ROLLBACK undo the wrong ones. So SQLite transactions take turns, inside
   * groups that commit together (GroupCommit), each a savepoint of its own; MySQL gives each its
   * own connection. Work inside a transaction hands its `tx` on and never opens a second one (it
   * would wait for its own turn).
   */
  private readonly group?: GroupCommit;

  constructor(private readonly db: DataSource) {
    const type = (db.options as { type?: string } | undefined)?.type;
    if (type === 'better-sqlite3') this.group = new GroupCommit(db);
  }

  async run<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
    return this.retried(async () => {
      let tx!: Tx;
      const result = await this.inTurn(() => this.db.transaction((em) => work((tx = new Tx(em)))));
      // Outside the turn: what runs after commit may open transactions of its own.
      await tx.runAfterCommit();
      return result;
    });
  }

  /**
   * One write that is whole by itself (a single statement), without a transaction of its own. On
   * SQLite it still goes through the group commit: run beside it, it would land inside whatever
   * transaction is open on the one connection.
   */
  alone<T>(write: () => Promise<T>): Promise<T> {
    return this.retried(() => this.inTurn(write));
  }

  private async retried<T>(attempt: () => Promise<T>): Promise<T> {
    for (let n = 1; ; n++) {
      try {
        return await attempt();
      } catch (e) {
        if (n >= ATTEMPTS || !isTransientDbError(e)) throw e;
        await new Promise((r) => setTimeout(r, 5 * n + Math.random() * 20));
      }
    }
  }

  private inTurn<T>(fn: () => Promise<T>): Promise<T> {
    return this.group ? this.group.add(fn) : fn();
  }
}
