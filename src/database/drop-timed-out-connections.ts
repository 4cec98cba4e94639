import type { DataSource } from 'typeorm';

type Callback = (err: { code?: string } | null, ...rest: unknown[]) => void;
interface PooledConnection {
  query: (...args: unknown[]) => unknown;
  destroy: () => void;
}
interface Mysql2Pool {
  on(event: 'connection', listener: (c: PooledConnection) => void): void;
}

/**
 * mysql2 fails a statement that outlives its timeout but keeps its connection, with the stuck
 * statement still on it: the pool would hand it out again and every later query would wait behind
 * it for ever (a frozen database). Such a connection is destroyed instead, so the pool opens a
 * fresh one (which then fails fast on its own connect timeout).
 */
export function dropTimedOutConnections(db: DataSource): void {
  if (db.options.type !== 'mysql') return;
  const pool = (db.driver as unknown as { pool?: Mysql2Pool }).pool;
  pool?.on('connection', (conn) => {
    const query = conn.query.bind(conn);
    conn.query = (...args: unknown[]) => {
      const last = args.length - 1;
      if (typeof args[last] === 'function') {
        const callback = args[last] as Callback;
        args[last] = (err: { code?: string } | null, ...rest: unknown[]) => {
          if (err?.code === 'PROTOCOL_SEQUENCE_TIMEOUT') conn.destroy();
          callback(err, ...rest);
        };
      }
      return query(...args);
    };
  });
}
