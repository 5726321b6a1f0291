import Database from 'better-sqlite3';
import pg from 'pg';
import { createHash } from 'node:crypto';
import path from 'node:path';
import type { Op, Value } from './statement-fixture.ts';

/**
 * The reference server's database access (bench/minimal-server.ts), straight on the drivers: what
 * any Node server over these engines does, and nothing of the product's adapters.
 * - SQLite: better-sqlite3 on `DATA_DIR/app.db` (WAL, foreign keys, synchronous NORMAL, as the
 *   product opens it), a read-only second connection for plain SELECTs, each statement prepared
 *   once. better-sqlite3 answers synchronously, so a transaction runs start to end in one step and
 *   no other request's statement can fall into it.
 * - PostgreSQL: a node-postgres pool of PG_POOL_MAX (20) connections; statements with parameters
 *   are named, so each connection plans them once; BIGINT answers as a number, as the product has it.
 */

export type Rows = Record<string, unknown>[];
export interface Step {
  text: string;
  op: Op;
  tx: number;
  group: number;
}

export interface ReferenceDb {
  /** The session statement's rows for the token hash `hash`. */
  session(text: string, hash: string): Promise<Rows>;
  /**
   * Runs `steps` in order, a transaction around each run of steps with the same `tx` (> 0); each
   * step's parameters come from `params(i, rows)` just before it runs (`rows`: the earlier steps').
   * `together`: steps of one group outside a transaction are sent at once (a read's, as the product sent them).
   */
  run(steps: Step[], params: (i: number, rows: Rows[]) => Value[], together: boolean): Promise<Rows[]>;
  close(): Promise<void>;
}

const isSelect = (text: string) => /^\s*SELECT\b/i.test(text);

export function openSqliteReference(dataDir: string): ReferenceDb {
  const file = path.join(dataDir, 'app.db');
  const writer = new Database(file);
  for (const p of ['journal_mode = WAL', 'foreign_keys = ON', 'busy_timeout = 5000', 'synchronous = NORMAL']) writer.pragma(p);
  const reader = new Database(file, { readonly: true });
  reader.pragma('busy_timeout = 5000');
  const prepared = (conn: Database.Database) => {
    const cache = new Map<string, Database.Statement>();
    return (text: string) => cache.get(text) ?? cache.set(text, conn.prepare(text)).get(text)!;
  };
  const onWriter = prepared(writer),
    onReader = prepared(reader);
  const exec = (step: Step, values: Value[]): Rows => {
    const st = (step.tx === 0 && isSelect(step.text) ? onReader : onWriter)(step.text);
    if (!st.reader) {
      st.run(...values);
      return [];
    }
    if (step.op !== 'get') return st.all(...values) as Rows;
    const row = st.get(...values) as Record<string, unknown> | undefined;
    return row ? [row] : [];
  };
  return {
    session: async (text, hash) => onReader(text).all(hash) as Rows,
    run: async (steps, params) => {
      const rows: Rows[] = [];
      let open = 0;
      try {
        for (const [i, step] of steps.entries()) {
          if (open && step.tx !== open) {
            writer.exec('COMMIT');
            open = 0;
          }
          if (step.tx && !open) {
            writer.exec('BEGIN IMMEDIATE');
            open = step.tx;
          }
          rows.push(exec(step, params(i, rows)));
        }
        if (open) writer.exec('COMMIT');
      } catch (err) {
        if (writer.inTransaction) writer.exec('ROLLBACK');
        throw err;
      }
      return rows;
    },
    close: async () => {
      reader.close();
      writer.close();
    },
  };
}

export function openPostgresReference(url: string, max: number): ReferenceDb {
  const pool = new pg.Pool({
    connectionString: url,
    max,
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
        oid === 20 ? (v: string) => Number(v) : pg.types.getTypeParser(oid, format as 'text')) as typeof pg.types.getTypeParser,
    },
  });
  pool.on('error', (err) => console.error(`PostgreSQL pool: ${err.message}`));
  const names = new Map<string, string>();
  const nameOf = (text: string) => names.get(text) ?? names.set(text, `r${createHash('sha1').update(text).digest('base64url').slice(0, 16)}`).get(text)!;
  const query = async (on: pg.Pool | pg.PoolClient, step: Step, values: Value[]): Promise<Rows> => {
    const r = await (values.length ? on.query({ name: nameOf(step.text), text: step.text, values }) : on.query(step.text));
    return step.op === 'run' ? [] : step.op === 'get' ? r.rows.slice(0, 1) : r.rows;
  };
  return {
    session: async (text, hash) => (await pool.query({ name: nameOf(text), text, values: [hash] })).rows,
    run: async (steps, params, together) => {
      const rows: Rows[] = [];
      for (let i = 0; i < steps.length; ) {
        const step = steps[i];
        if (step.tx) {
          const client = await pool.connect();
          try {
            await client.query('BEGIN');
            for (; i < steps.length && steps[i].tx === step.tx; i++) rows.push(await query(client, steps[i], params(i, rows)));
            await client.query('COMMIT');
          } catch (err) {
            await client.query('ROLLBACK').catch(() => undefined);
            throw err;
          } finally {
            client.release();
          }
          continue;
        }
        let end = i + 1;
        while (together && end < steps.length && !steps[end].tx && steps[end].group === step.group) end++;
        const before = rows.length;
        const answered = await Promise.all(steps.slice(i, end).map((s, k) => query(pool, s, params(before + k, rows))));
        rows.push(...answered);
        i = end;
      }
      return rows;
    },
    close: () => pool.end(),
  };
}
