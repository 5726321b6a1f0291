import Database from 'better-sqlite3';
import type { Param, Sql } from './sql.ts';

/**
 * SQLite adapter of `Sql` over better-sqlite3 (WAL mode, foreign keys on).
 *
 * better-sqlite3 is synchronous, but callers `await` between queries, so a transaction could
 * otherwise interleave with another request's queries on the same connection. While a
 * transaction runs, every other caller waits for it (`pending`); the transaction's own handle
 * bypasses the wait.
 */
export function openSqlite(file: string): Sql {
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  db.pragma('synchronous = NORMAL');
  const statements = new Map<string, Database.Statement>();
  const prepare = (sql: string) => {
    let st = statements.get(sql);
    if (!st) statements.set(sql, (st = db.prepare(sql)));
    return st;
  };
  // The loop must sit in each caller: the check and the query have to run in one
  // synchronous step, or a transaction could begin between them.
  let pending: Promise<unknown> | null = null;
  const settled = () => pending!.catch(() => undefined);

  const direct: Omit<Sql, 'transaction' | 'close' | 'engine'> = {
    async all<T>(sql: string, params: Param[] = []) { return prepare(sql).all(...params) as T[]; },
    async get<T>(sql: string, params: Param[] = []) { return prepare(sql).get(...params) as T | undefined; },
    async run(sql: string, params: Param[] = []) {
      const st = prepare(sql);
      return st.reader ? (st.all(...params).length) : st.run(...params).changes;
    },
    async runMany(sql: string, rows: Param[][]) {
      const st = prepare(sql);
      let n = 0;
      for (const r of rows) n += st.run(...r).changes;
      return n;
    },
  };

  const inTx: Sql = {
    ...direct,
    engine: 'sqlite',
    transaction: (fn) => fn(inTx), // nested: same transaction
    close: async () => undefined,
  };

  const sql: Sql = {
    engine: 'sqlite',
    async all(q, p) { while (pending) await settled(); return direct.all(q, p); },
    async get(q, p) { while (pending) await settled(); return direct.get(q, p); },
    async run(q, p) { while (pending) await settled(); return direct.run(q, p); },
    async runMany(q, rows) { while (pending) await settled(); return direct.runMany(q, rows); },
    async transaction(fn) {
      while (pending) await settled();
      const work = (async () => {
        db.exec('BEGIN IMMEDIATE');
        try {
          const result = await fn(inTx);
          db.exec('COMMIT');
          return result;
        } catch (err) {
          if (db.inTransaction) db.exec('ROLLBACK');
          throw err;
        }
      })();
      pending = work;
      try { return await work; } finally { if (pending === work) pending = null; }
    },
    async close() { while (pending) await settled(); db.close(); },
  };
  return sql;
}
