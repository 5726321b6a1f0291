import type pg from 'pg';
import { createRequire } from 'node:module';
import type { Param, Sql } from './sql.ts';
import { translating } from './errors.ts';
import { pgParams, postgresError } from './postgres-errors.ts';
import { BULK_INSERT, statementName, toPg } from './postgres-text.ts';
import { log } from '../runtime/log.ts';
import { dataVersion } from './data-version.ts';
import { parseSnapshot, snapshotChange, type Snapshot } from './snapshot-diff.ts';

/**
 * PostgreSQL adapter of `Sql` over node-postgres: the second engine behind the same
 * queries, chosen by `DATABASE_URL` (db/index.ts).
 *
 * - A pool of connections (`max`: opts.max (env PG_POOL_MAX through server/config.ts), else 20; several API processes
 *   on one server share its max_connections, README). Getting a connection waits at most
 *   opts.connectTimeoutMs (env PG_CONNECT_TIMEOUT_MS), else 10 s.
 * - Outages: a refused, lost or timed-out connection (a restart, a network cut) is a DbError
 *   'unreachable' (postgres-errors.ts; the API answers 503 with Retry-After); the broken
 *   connection is dropped from the pool and the next call connects afresh. A statement cut off
 *   this way is rolled back by the server, so a write happened whole or not at all. Plain calls take any free connection; a
 *   transaction holds one connection from BEGIN to COMMIT/ROLLBACK and its `tx` handle runs every
 *   query on it (a nested `transaction` joins the outer one, as on SQLite).
 * - Placeholders: queries are written with `?` (db/sql.ts); each `?` becomes `$1`, `$2`, … in
 *   order, except inside '…' string literals, "…" identifiers and -- / block comments, which
 *   are copied as they are. No query of ours uses a PostgreSQL operator spelled `?` (jsonb), so
 *   a bare `?` is always a parameter.
 * - Every query with parameters runs as a named prepared statement (name: a hash of its text),
 *   so each connection parses and plans it once, not on every request. The texts are not a fixed
 *   set (an `IN (?, …)` list has one per length), and a connection keeps every statement it
 *   prepared, on the server and in the driver, until it closes: so a connection is closed and
 *   replaced after PG_CONNECTION_USES uses, which bounds what one can gather.
 * - `dataVersion()` (Sql): the database's current snapshot (`pg_current_snapshot()`: which
 *   transactions have completed, read by one statement on a pool connection, which serves every
 *   lookup whose request arrived before it was sent). It changes whenever
 *   a transaction that wrote anything ends, in any process (and any database of the server), so
 *   equal snapshots mean nothing was written in between and a commit answered anywhere before
 *   the call is always seen. Undefined when the statement fails.
 * - int8 (BIGINT, COUNT(*)) comes back as a JS number, like SQLite's integers: our ids and
 *   millisecond times stay far below 2^53.
 * - `runMany` runs inside one transaction (its own, or the caller's) and turns a plain
 *   `INSERT … VALUES (?, …)` (optionally `ON CONFLICT … DO NOTHING`) into multi-row INSERTs of
 *   up to 1,000 rows; any other statement runs once per row as a named prepared statement.
 */
/** Uses (a query, or a transaction) after which a pool connection is closed and replaced, its prepared statements with it (opts.connectionUses overrides it). */
export const PG_CONNECTION_USES = 10_000;

export function openPostgres(url: string, opts: { max?: number; connectTimeoutMs?: number; connectionUses?: number } = {}): Sql {
  // Loaded here, not at import: a SQLite start does not pay for the driver.
  const pgLib = createRequire(import.meta.url)('pg') as typeof pg;
  const pool = new pgLib.Pool({
    connectionString: url,
    max: opts.max ?? 20,
    // A request waits at most this long for a connection (a free one, or a new one to a server
    // that does not answer) and then gets a 503, not an endless wait.
    connectionTimeoutMillis: opts.connectTimeoutMs ?? 10_000,
    maxUses: opts.connectionUses ?? PG_CONNECTION_USES,
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
        oid === 20 ? (v: string) => Number(v) : pgLib.types.getTypeParser(oid, format as 'text')) as typeof pg.types.getTypeParser,
    },
  });
  // An idle connection that dies (server restart) must not crash the process; the next query
  // simply takes a fresh connection.
  // Only the code and message: the driver hangs the whole client (its statements, its socket) on the error.
  pool.on('error', (err) => log.error({ code: (err as { code?: unknown }).code, error: err.message }, 'PostgreSQL pool error'));
  // A connection the server ends in the very chunk that completed its start-up (a restart in
  // progress) errors after the pool handed it out and before the borrower listens: without a
  // listener of its own that 'error' event would crash the process. The borrower's next query
  // fails instead, and the pool drops the connection on release (it is no longer queryable).
  pool.on('connect', (client) => {
    client.on('error', () => undefined);
  });

  type Runner = pg.Pool | pg.PoolClient;
  // Statements with parameters are named, so each connection prepares them once and reuses the plan.
  const exec = (on: Runner, sql: string, params: Param[] = []) =>
    translating(postgresError, () => {
      const text = toPg(sql);
      return params.length ? on.query({ name: `q${statementName(text)}`, text, values: pgParams(params) }) : on.query(text);
    });

  async function runManyOn(on: Runner, sql: string, rows: Param[][]): Promise<number> {
    if (!rows.length) return 0;
    const bulk = BULK_INSERT.exec(sql.trim());
    if (bulk && bulk[2].split(',').every((p) => p.trim() === '?')) {
      const [, head, , tail] = bulk;
      const width = rows[0].length;
      const per = Math.max(1, Math.min(1000, Math.floor(60000 / width)));
      let n = 0;
      for (let i = 0; i < rows.length; i += per) {
        const chunk = rows.slice(i, i + per);
        const values = chunk.map((_, r) => `(${Array.from({ length: width }, (_, c) => `$${r * width + c + 1}`).join(', ')})`).join(', ');
        const res = await translating(postgresError, () => on.query(`${head} ${values}${tail ? ' ' + tail : ''}`, pgParams(chunk.flat())));
        n += res.rowCount ?? 0;
      }
      return n;
    }
    const text = toPg(sql);
    const name = `m${statementName(text)}`;
    let n = 0;
    for (const r of rows) n += (await translating(postgresError, () => on.query({ name, text, values: pgParams(r) }))).rowCount ?? 0;
    return n;
  }

  const snapshot = { name: 'data_snapshot', text: 'SELECT pg_current_snapshot()::text AS s' };
  // Marks per resource (db/data-version.ts). This process's commits move the marks of what they
  // declared and leave their transaction ids in `own`; a snapshot that shows any other id
  // completed since the last one (db/snapshot-diff.ts) moves every mark.
  const version = dataVersion();
  const own = new Set<number>();
  let last: Snapshot | undefined;
  /**
   * The last snapshot statement sent (performance.now() ms) and its answer (undefined when it
   * failed): taken after a request arrived, it saw every commit answered before, so it serves
   * that request's lookup too, sent or answered, instead of one more statement per lookup.
   */
  let latestSnapshot: { sentAt: number; snapshot: Promise<Snapshot | undefined> } | undefined;
  /** The marks of `reads` as of a snapshot just read; undefined when it is older than one already judged (its read may miss a change). */
  function judged(next: Snapshot, reads?: readonly string[]): string | undefined {
    if (last) {
      const change = snapshotChange(last, next);
      if (change.kind === 'older') return undefined;
      if (change.kind === 'newer') {
        let foreign = change.ids === null;
        for (const x of change.ids ?? []) if (!own.delete(x)) foreign = true;
        if (foreign) version.foreign();
        last = next;
        // An own id a snapshot had already shown completed (judged before its COMMIT answered) stays behind: drop the old ones.
        if (own.size > 1_000) for (const x of own) if (x < next.xmin) own.delete(x);
      }
    } else last = next;
    return version.current(reads);
  }

  function handle(on: Runner, inTx: boolean, declared?: Set<string>): Sql {
    const self: Sql = {
      engine: 'postgres',
      poolCounts: inTx ? undefined : () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      dataVersion: inTx
        ? undefined
        : async (reads, since) => {
            // The latest snapshot statement serves every lookup whose request arrived before it was sent.
            let read = latestSnapshot;
            if (!read || since === undefined || read.sentAt < since) {
              read = latestSnapshot = {
                sentAt: performance.now(),
                snapshot: pool.query<{ s: string }>(snapshot).then(
                  (r) => parseSnapshot(r.rows[0].s),
                  () => undefined, // the read that follows meets the same outage and answers for it
                ),
              };
            }
            const next = await read.snapshot;
            return next && judged(next, reads);
          },
      declare:
        declared &&
        ((resources) => {
          for (const r of resources) declared.add(r);
        }),
      async all<T>(sql: string, params?: Param[]) {
        return (await exec(on, sql, params)).rows as T[];
      },
      async get<T>(sql: string, params?: Param[]) {
        return (await exec(on, sql, params)).rows[0] as T | undefined;
      },
      async run(sql: string, params?: Param[], changes?: readonly string[]) {
        if (changes && !inTx)
          return self.transaction((tx) => {
            tx.declare?.(changes);
            return tx.run(sql, params);
          });
        if (changes) self.declare?.(changes);
        return (await exec(on, sql, params)).rowCount ?? 0;
      },
      runMany: (sql, rows) => (inTx ? runManyOn(on, sql, rows) : self.transaction((tx) => tx.runMany(sql, rows))),
      transaction: inTx
        ? (fn) => fn(self)
        : async (fn) => {
            const client = await translating(postgresError, () => pool.connect());
            let broken: Error | undefined;
            // A checked-out connection has no pool listener: a connection lost between two queries
            // would otherwise be an unhandled 'error' event (a crash). The next query fails instead.
            const onError = (err: Error) => {
              broken = err;
            };
            client.on('error', onError);
            try {
              await translating(postgresError, () => client.query('BEGIN'));
              const declared = new Set<string>();
              const result = await fn(handle(client, true, declared));
              // The transaction's id (when it wrote) comes back with the COMMIT, in the same round trip.
              const done = (await translating(postgresError, () =>
                client.query('SELECT pg_current_xact_id_if_assigned()::text AS x; COMMIT'),
              )) as unknown as pg.QueryResult<{ x: string | null }>[];
              const xid = done[0]?.rows[0]?.x;
              if (xid) {
                own.add(Number(xid));
                version.committed(declared);
              }
              return result;
            } catch (err) {
              try {
                await client.query('ROLLBACK');
              } catch (e) {
                broken = e as Error;
              }
              throw err;
            } finally {
              client.off('error', onError);
              client.release(broken);
            }
          },
      close: inTx ? async () => undefined : () => pool.end(),
    };
    return self;
  }
  return handle(pool, false);
}
