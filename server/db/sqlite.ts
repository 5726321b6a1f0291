import Database from 'better-sqlite3';
import { statementCache } from './statement-cache.ts';
import { readsOnly, type Param, type Sql } from './sql.ts';
import { DbError, keyColumn, translating } from './errors.ts';
import { nextTurn, WORK_SLICE } from '../runtime/next-turn.ts';
import { startCheckpoints } from './sqlite-checkpoint.ts';
import { dataVersion } from './data-version.ts';

/**
 * SQLite adapter of `Sql` over better-sqlite3 (WAL mode, foreign keys on).
 *
 * better-sqlite3 is synchronous, but callers `await` between queries, so a transaction could
 * otherwise interleave with another request's queries on the same connection. While a
 * transaction runs, every other caller waits for it (`pending`); the transaction's own handle
 * bypasses the wait. Plain SELECTs outside a transaction do not wait: they run on a second,
 * read-only connection, which WAL lets read the last committed state while a write is open.
 * `runMany` yields to the event loop every WORK_SLICE rows (runtime/next-turn.ts), so a 50,000-row import lets
 * those reads (other users' requests) through while it writes.
 */

export function openSqlite(file: string): Sql {
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  db.pragma('synchronous = NORMAL');
  // Checkpoints run on their own thread, not inside this connection's COMMITs (sqlite-checkpoint.ts).
  db.pragma('wal_autocheckpoint = 0');
  db.pragma('journal_size_limit = 1048576'); // a log reset after a checkpoint shrinks back to 1 MiB
  const checkpoints = startCheckpoints(file);
  const reader = new Database(file, { readonly: true });
  reader.pragma('busy_timeout = 5000');
  const writes = statementCache((sql) => db.prepare(sql));
  const reads = statementCache((sql) => reader.prepare(sql));
  const prepare = (sql: string) => writes.get(sql);
  const prepareRead = (sql: string) => reads.get(sql);
  // The write connection's data_version moves only with other connections' commits (another
  // process): our own commits count by what they declared, at once.
  const dataVersionPragma = db.prepare('PRAGMA data_version').pluck();
  const version = dataVersion(() => dataVersionPragma.get() as number);
  const NOTHING: ReadonlySet<string> = new Set();
  // Rows changed by the write connection since it opened: a write or transaction that changed
  // none (a queue's claim with nothing due) moves no mark, as on PostgreSQL, where such a
  // transaction gets no id.
  const totalChanges = db.prepare('SELECT total_changes()').pluck();
  const changedSince = (before: number) => (totalChanges.get() as number) !== before;
  /**
   * Runs a write outside a transaction (autocommit) and counts its commit when it changed rows: as
   * a change of `changes` when given, else of everything.
   */
  const committed = <T>(p: () => Promise<T>, changes: ReadonlySet<string> = NOTHING) => {
    const before = totalChanges.get() as number;
    return p().finally(() => {
      if (changedSince(before)) version.committed(changes);
    });
  };
  /** What the open transaction declared it changes (Sql.declare); one transaction at a time. */
  let declared = new Set<string>();
  // The loop must sit in each caller: the check and the query have to run in one
  // synchronous step, or a transaction could begin between them.
  let pending: Promise<unknown> | null = null;
  const settled = () => pending!.catch(() => undefined);

  // An expression index ("UNIQUE constraint failed: index 'users_email'") names no column: read
  // it from the index's own definition.
  const indexColumn = (name: string) => {
    const def = db.prepare("SELECT sql FROM sqlite_master WHERE type = 'index' AND name = ?").get(name) as { sql?: string } | undefined;
    return keyColumn(/\bON\s+[\w"]+\s*\((.*)\)\s*$/is.exec(def?.sql ?? '')?.[1] ?? '');
  };
  const t = <T>(fn: () => T | Promise<T>) => translating((err) => sqliteError(err, indexColumn), fn);
  const direct: Omit<Sql, 'transaction' | 'close' | 'engine'> = {
    all: <T>(sql: string, params: Param[] = []) => t(() => prepare(sql).all(...params) as T[]),
    get: <T>(sql: string, params: Param[] = []) => t(() => prepare(sql).get(...params) as T | undefined),
    run: (sql: string, params: Param[] = []) =>
      t(() => {
        const st = prepare(sql);
        return st.reader ? st.all(...params).length : st.run(...params).changes;
      }),
    runMany: (sql: string, rows: Param[][]) =>
      t(async () => {
        const st = prepare(sql);
        let n = 0;
        for (let i = 0; i < rows.length; i++) {
          if (i > 0 && i % WORK_SLICE === 0) await nextTurn();
          n += st.run(...rows[i]).changes;
        }
        return n;
      }),
  };

  const inTx: Sql = {
    ...direct,
    engine: 'sqlite',
    declare: (resources) => {
      for (const r of resources) declared.add(r);
    },
    run: (q, p, changes) => {
      if (changes) for (const r of changes) declared.add(r);
      return direct.run(q, p);
    },
    transaction: (fn) => fn(inTx), // nested: same transaction
    close: async () => undefined,
  };

  const sql: Sql = {
    engine: 'sqlite',
    dataVersion: version.current,
    async all<T>(q: string, p: Param[] = []) {
      if (readsOnly(q)) return t(() => prepareRead(q).all(...p) as T[]);
      while (pending) await settled();
      return committed(() => direct.all<T>(q, p));
    },
    async get<T>(q: string, p: Param[] = []) {
      if (readsOnly(q)) return t(() => prepareRead(q).get(...p) as T | undefined);
      while (pending) await settled();
      return committed(() => direct.get<T>(q, p));
    },
    async run(q, p, changes) {
      while (pending) await settled();
      return committed(() => direct.run(q, p), changes && new Set(changes));
    },
    // In its own transaction: it yields between chunks, and no other write may slip in then.
    runMany: (q, rows) => sql.transaction((tx) => tx.runMany(q, rows)),
    async transaction(fn) {
      while (pending) await settled();
      const work = (async () => {
        const before = totalChanges.get() as number;
        await t(() => db.exec('BEGIN IMMEDIATE'));
        declared = new Set();
        try {
          const result = await fn(inTx);
          await t(() => db.exec('COMMIT'));
          if (changedSince(before)) version.committed(declared);
          return result;
        } catch (err) {
          if (db.inTransaction) db.exec('ROLLBACK');
          // Nothing was committed; counted anyway, as a change of everything, in case a failed COMMIT left anything behind.
          version.committed(NOTHING);
          throw err;
        }
      })();
      pending = work;
      try {
        return await work;
      } finally {
        if (pending === work) pending = null;
      }
    },
    async close() {
      while (pending) await settled();
      await checkpoints.stop();
      reader.close();
      db.close();
    },
  };
  return sql;
}

/**
 * SQLite's codes as the API's error kinds (db/errors.ts): UNIQUE violations name their column
 * ("UNIQUE constraint failed: users.email", or an index whose column `indexColumn` reads);
 * READONLY, FULL and IOERR mean nothing can be saved; BUSY and LOCKED (another connection held
 * the lock past busy_timeout) mean the database cannot be had now.
 */
export function sqliteError(err: unknown, indexColumn: (index: string) => string | undefined = () => undefined): unknown {
  const code = String((err as { code?: unknown })?.code ?? '');
  const message = String((err as Error)?.message ?? '');
  if (code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY') {
    const index = /failed: index '([^']+)'/.exec(message)?.[1];
    return new DbError('unique', message, index ? indexColumn(index) : /failed: [\w"]+\.(\w+)/.exec(message)?.[1], err);
  }
  if (/^SQLITE_(READONLY|FULL|IOERR|CANTOPEN)/.test(code)) return new DbError('unavailable', message, undefined, err);
  if (/^SQLITE_(BUSY|LOCKED)/.test(code)) return new DbError('unreachable', message, undefined, err);
  if (code === 'SQLITE_TOOBIG' || ((err instanceof RangeError || err instanceof TypeError) && /bind|integer|too big|parameter/i.test(message))) {
    return new DbError('invalid', message, undefined, err);
  }
  return err;
}
