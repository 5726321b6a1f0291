import type { Sql } from './sql.ts';
import { migrations, type Migration } from './migrations/index.ts';

// AUTOINCREMENT on SQLite and SERIAL's sequence on PostgreSQL: a deleted id is never handed out again.
const PK = { sqlite: 'INTEGER PRIMARY KEY AUTOINCREMENT', postgres: 'SERIAL PRIMARY KEY' } as const;
const BLOB = { sqlite: 'BLOB', postgres: 'BYTEA' } as const;

/** Advisory-lock key that serialises migrations of processes sharing one PostgreSQL database. */
const MIGRATE_LOCK = 61_000_001;

/** Told of each migration once it is committed: its id and how long it took (ms). */
export type OnApplied = (id: string, ms: number) => void;

/**
 * Applies every migration of `list` (all of them; a test passes an older prefix to build a
 * database as an earlier release left it) not yet recorded in `schema_migrations`, each in one
 * transaction, and resolves to the ids applied. On PostgreSQL the whole run is one transaction
 * holding an advisory lock, so two processes starting on one database apply each migration once
 * (the second waits, then finds them done). `onApplied` hears of each migration once it is
 * committed: on SQLite after its own transaction, on PostgreSQL after the run's (start.ts logs them).
 */
export async function migrate(sql: Sql, list: readonly Migration[] = migrations, onApplied?: OnApplied): Promise<string[]> {
  // An up-to-date database costs one read of the applied ids: no DDL, no lock.
  if (await upToDate(sql, list)) return [];
  if (sql.engine === 'postgres') {
    const timed: [string, number][] = [];
    const ids = await sql.transaction(async (tx) => {
      await tx.get(`SELECT pg_advisory_xact_lock(${MIGRATE_LOCK})`);
      return apply(tx, list, (id, ms) => timed.push([id, ms]));
    });
    for (const [id, ms] of timed) onApplied?.(id, ms);
    return ids;
  }
  return apply(sql, list, onApplied);
}

/** Where one migration of the build stands in a database: applied (ms since 1970) or pending. */
export interface MigrationState {
  id: string;
  appliedAt: number | null;
}

/**
 * Every migration of `list` in its order with when this database applied it (ms since 1970;
 * null: pending), and the migrations the database recorded that `list` does not know (applied by
 * a newer release), by id.
 * Reads only; a database without `schema_migrations` (never started) has every one pending.
 * `npm run migrations` (server/migrations.ts) prints it.
 */
export async function migrationStates(
  sql: Sql,
  list: readonly Migration[] = migrations,
): Promise<{ states: MigrationState[]; unknown: { id: string; appliedAt: number }[] }> {
  const rows = (await hasMigrationsTable(sql))
    ? await sql.all<{ id: string; applied_at: number | string }>('SELECT id, applied_at FROM schema_migrations')
    : [];
  const at = new Map(rows.map((r) => [r.id, Number(r.applied_at)]));
  const known = new Set(list.map((m) => m.id));
  const unknown = rows
    .filter((r) => !known.has(r.id))
    .map((r) => ({ id: r.id, appliedAt: Number(r.applied_at) }))
    .sort((a, b) => a.id.localeCompare(b.id));
  return { states: list.map((m) => ({ id: m.id, appliedAt: at.get(m.id) ?? null })), unknown };
}

/** Whether the database has a `schema_migrations` table at all. */
async function hasMigrationsTable(sql: Sql): Promise<boolean> {
  const q =
    sql.engine === 'sqlite'
      ? "SELECT COUNT(*) AS n FROM sqlite_master WHERE type = 'table' AND name = 'schema_migrations'"
      : "SELECT COUNT(*) AS n FROM information_schema.tables WHERE table_schema = current_schema() AND table_name = 'schema_migrations'";
  return Number((await sql.get<{ n: number | string }>(q))?.n ?? 0) > 0;
}

/** True when every migration of `list` is recorded; false too when the table is missing (a new database). */
async function upToDate(sql: Sql, list: readonly Migration[]): Promise<boolean> {
  try {
    const done = await appliedMigrations(sql);
    return list.every((m) => done.has(m.id));
  } catch {
    return false;
  }
}

async function apply(sql: Sql, list: readonly Migration[], onApplied?: OnApplied): Promise<string[]> {
  await sql.run('CREATE TABLE IF NOT EXISTS schema_migrations (id TEXT PRIMARY KEY, applied_at BIGINT NOT NULL)');
  const done = new Set((await sql.all<{ id: string }>('SELECT id FROM schema_migrations')).map((r) => r.id));
  const applied: string[] = [];
  for (const m of list) {
    if (done.has(m.id)) continue;
    const started = performance.now();
    // PRAGMA foreign_keys is a no-op inside a transaction, so it is switched around it.
    const fkOff = m.foreignKeysOff && sql.engine === 'sqlite';
    if (fkOff) await sql.run('PRAGMA foreign_keys = OFF');
    try {
      await sql.transaction(async (tx) => {
        const text = typeof m.sql === 'string' ? m.sql : m.sql[sql.engine];
        const statements = text
          .replaceAll('{{pk}}', PK[sql.engine])
          .replaceAll('{{blob}}', BLOB[sql.engine])
          .split(/;\s*$/m)
          .map((s) => s.trim())
          .filter(Boolean);
        for (const s of statements) await tx.run(s);
        await m.run?.(tx);
        await tx.run('INSERT INTO schema_migrations (id, applied_at) VALUES (?, ?)', [m.id, Date.now()]);
      });
    } finally {
      if (fkOff) await sql.run('PRAGMA foreign_keys = ON');
    }
    applied.push(m.id);
    onApplied?.(m.id, Math.round(performance.now() - started));
  }
  return applied;
}

/** Ids of the migrations this database has applied (the health check compares them to the build's). */
export const appliedMigrations = async (sql: Sql): Promise<Set<string>> =>
  new Set((await sql.all<{ id: string }>('SELECT id FROM schema_migrations')).map((r) => r.id));

/** Resolves when the database answers a trivial query; rejects with the driver's error otherwise. */
export const pingDatabase = async (sql: Sql): Promise<void> => {
  await sql.get('SELECT 1 AS one');
};
