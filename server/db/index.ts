import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Sql } from './sql.ts';
import { openSqlite } from './sqlite.ts';
import { openPostgres } from './postgres.ts';
import { migrate, type OnApplied } from './migrate.ts';

/**
 * Opens the configured database and brings its schema up to date.
 * `dataDir`: folder of the embedded SQLite file (`app.db`) and of uploads, created when missing.
 * `databaseUrl` (server/index.ts passes env DATABASE_URL): a `postgres://` or `postgresql://`
 * URL selects PostgreSQL (db/postgres.ts) instead of SQLite, the default; any other scheme throws.
 * `onApplied` hears of each migration this start applied, once committed (db/migrate.ts).
 */
export async function openDatabase(
  dataDir: string,
  databaseUrl?: string,
  pg: { max?: number; connectTimeoutMs?: number } = {},
  onApplied?: OnApplied,
): Promise<Sql> {
  mkdirSync(dataDir, { recursive: true });
  let sql: Sql;
  if (databaseUrl) {
    if (!/^postgres(ql)?:\/\//i.test(databaseUrl)) throw new Error('DATABASE_URL must be a postgres:// URL (or unset for SQLite).');
    sql = openPostgres(databaseUrl, pg);
  } else sql = openSqlite(path.join(dataDir, 'app.db'));
  try {
    await migrate(sql, undefined, onApplied);
  } catch (err) {
    await sql.close();
    throw err;
  }
  return sql;
}

import type { Paginator } from '../../src/common/contract/rules.ts';
/** Laravel paginator shape of DESIGN.md §2, declared once in the wire contract (src/common/contract). */
export type { Paginator };
