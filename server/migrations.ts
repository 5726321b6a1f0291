import { existsSync } from 'node:fs';
import path from 'node:path';
import { ConfigError, readEnv } from './config.ts';
import { migrationStates, type MigrationState } from './db/migrate.ts';
import { migrations } from './db/migrations/index.ts';
import { openPostgres } from './db/postgres.ts';
import { openSqlite } from './db/sqlite.ts';
import type { Sql } from './db/sql.ts';

/**
 * `npm run migrations` (README "Upgrading"): which schema migrations of this build the database
 * has applied, and when, and which are pending (the next start applies them, one log line each).
 * Reads the database of DATABASE_URL, else DATA_DIR/app.db (default `data`), through the same
 * settings schema as the server (server/config.ts); changes nothing, and opens no SQLite file that
 * does not exist yet. Prints one line per migration, in the order they run:
 *   `applied  2026-11-28T10:00:00.000Z  025-two-step`
 *   `pending                            035-two-step-lock`
 *   `unknown  2026-12-01T09:00:00.000Z  036-…  (applied by a newer release; this build does not know it)`
 * then a summary line. Exit code 0, or 1 when the settings or the database cannot be read.
 */
const WIDTH = 'YYYY-MM-DDTHH:mm:ss.sssZ'.length;

/** The listing's lines: one per migration (`states`), one per id only the database knows (`unknown`), then the summary under `where`. */
function migrationLines(states: readonly MigrationState[], unknown: readonly { id: string; appliedAt: number }[], where: string): string[] {
  const line = (word: string, at: number | null, id: string) => `${word.padEnd(7)}  ${(at === null ? '' : new Date(at).toISOString()).padEnd(WIDTH)}  ${id}`;
  const applied = states.filter((s) => s.appliedAt !== null).length;
  return [
    ...states.map((s) => line(s.appliedAt === null ? 'pending' : 'applied', s.appliedAt, s.id)),
    ...unknown.map((u) => `${line('unknown', u.appliedAt, u.id)}  (applied by a newer release; this build does not know it)`),
    `${where}: ${applied} applied, ${states.length - applied} pending${unknown.length ? `, ${unknown.length} unknown to this build` : ''}.`,
  ];
}

async function main(): Promise<number> {
  const env = readEnv(process.env);
  const file = path.resolve(env.DATA_DIR ?? 'data', 'app.db');
  if (!env.DATABASE_URL && !existsSync(file)) {
    print(
      migrationLines(
        migrations.map((m) => ({ id: m.id, appliedAt: null })),
        [],
        `No database at ${file} yet (the first start creates it)`,
      ),
    );
    return 0;
  }
  const sql: Sql = env.DATABASE_URL ? openPostgres(env.DATABASE_URL, { max: 1 }) : openSqlite(file);
  try {
    const { states, unknown } = await migrationStates(sql);
    const where = env.DATABASE_URL ? `PostgreSQL ${redacted(env.DATABASE_URL)}` : `SQLite ${file}`;
    print(migrationLines(states, unknown, where));
    return 0;
  } finally {
    await sql.close();
  }
}

/** The URL without its password, for the summary line. */
const redacted = (url: string) => {
  const u = new URL(url);
  if (u.password) u.password = '***';
  return u.toString();
};
const print = (lines: string[]) => process.stdout.write(`${lines.join('\n')}\n`);

try {
  process.exitCode = await main();
} catch (err) {
  const why = err instanceof ConfigError ? `Configuration: ${err.message}` : `The migrations could not be read: ${(err as Error).message}`;
  process.stderr.write(`${why}\n`);
  process.exitCode = 1;
}
