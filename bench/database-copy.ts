import { copyFileSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';

/**
 * Bench databases (bench/mixed-load.ts): a fresh one, and copies of it so that each server of a
 * comparison writes to a database of its own. `dataDir` holds SQLite's app.db (and the product's
 * other files); `url`, when set, names a PostgreSQL database on the server of the base URL.
 */
export interface BenchDatabase {
  dataDir: string;
  url?: string;
  drop(): Promise<void>;
}

/** Runs one statement on `base`'s server (CREATE and DROP DATABASE cannot run in a pool's transaction). */
async function admin(base: string, statement: string) {
  const c = new pg.Client({ connectionString: base });
  await c.connect();
  try {
    await c.query(statement);
  } finally {
    await c.end();
  }
}

/** Runs `fn` again while PostgreSQL says a database is in use (an autovacuum worker holds a fresh one a moment) or refuses FORCE on such a worker. */
async function retried(fn: () => Promise<void>) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await fn();
    } catch (err) {
      const code = (err as { code?: string }).code;
      if (attempt >= 20 || (code !== '55006' && code !== '42501')) throw err;
      await new Promise((r) => setTimeout(r, 500));
    }
  }
}

/** A folder and, with `base` (a postgres:// URL of a role that may CREATE DATABASE), a database `bench_<random>`, made from `template` when given. */
export async function benchDatabase(base?: string, template?: string): Promise<BenchDatabase> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-mixed-'));
  if (!base) return { dataDir, drop: async () => rmSync(dataDir, { recursive: true, force: true }) };
  const name = `bench_${randomBytes(6).toString('hex')}`;
  await retried(() => admin(base, `CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`));
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    dataDir,
    url: url.toString(),
    drop: async () => {
      rmSync(dataDir, { recursive: true, force: true });
      await retried(() => admin(base, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    },
  };
}

/** A copy of `source` (closed by everyone: SQLite's file is copied as it is, PostgreSQL's database is the copy's template). */
export async function copyOf(source: BenchDatabase, base?: string): Promise<BenchDatabase> {
  const copy = await benchDatabase(source.url ? base : undefined, source.url ? new URL(source.url).pathname.slice(1) : undefined);
  if (!source.url) {
    for (const file of ['app.db', 'app.db-wal']) {
      if (existsSync(path.join(source.dataDir, file))) copyFileSync(path.join(source.dataDir, file), path.join(copy.dataDir, file));
    }
  }
  return copy;
}
