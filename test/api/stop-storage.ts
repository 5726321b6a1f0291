import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import Database from 'better-sqlite3';
import { openDatabase } from '../../server/db/index.ts';
import { ADMIN, TEST_DATABASE_URL, createTestDatabase } from './harness.ts';
import type { ChildServer } from './child-server.ts';
import { insertCompany } from '../../server/db/queries/organisers.ts';
import { createEvent } from '../../server/db/queries/events.ts';

/**
 * Storage that outlives one API child process (graceful-stop and job-lease tests): a data folder
 * plus, with TEST_DATABASE_URL (or `pgUrl`), a fresh PostgreSQL database; `env` starts a child on it.
 */
export async function stopStorage(pgBase = TEST_DATABASE_URL) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'stop-'));
  const db = pgBase ? await createTestDatabase(pgBase) : undefined;
  return {
    dataDir,
    db,
    env: { DATA_DIR: dataDir, DATABASE_URL: db?.url ?? '', ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password } as Record<string, string>,
    /** An organiser and one event of it, written straight to the database; the event and company ids. */
    async event(tag = 'Stop'): Promise<{ eventId: number; companyId: number }> {
      const sql = await openDatabase(dataDir, db?.url);
      try {
        // A company with no sign-in user: the server seeds this database at its first start only while it has no users.
        const companyId = await sql.transaction((tx) =>
          insertCompany(tx, { name: `${tag} Org`, email: `${tag.toLowerCase()}@example.com`, phone: '', status: 1, description: '' }),
        );
        const eventId = await createEvent(sql, {
          organizer_id: companyId,
          title: `${tag} Run`,
          description: '',
          start_date: '2030-01-01',
          end_date: '2030-01-02',
          logo: '',
        });
        return { eventId, companyId };
      } finally {
        await sql.close();
      }
    },
    /** One row of `query` read straight from the database (numbers as numbers), with no server running or beside one. */
    async row<T = Record<string, unknown>>(query: string, params: (string | number)[] = []): Promise<T | undefined> {
      if (db) {
        const c = new pg.Client({ connectionString: db.url });
        await c.connect();
        try {
          let i = 0;
          const r = await c.query(
            query.replace(/\?/g, () => `$${++i}`),
            params,
          );
          return (
            r.rows[0] && (Object.fromEntries(Object.entries(r.rows[0]).map(([k, v]) => [k, typeof v === 'string' && /^-?\d+$/.test(v) ? Number(v) : v])) as T)
          );
        } finally {
          await c.end();
        }
      }
      const d = new Database(path.join(dataDir, 'app.db'), { readonly: true, timeout: 5000 });
      try {
        return d.prepare(query).get(...params) as T | undefined;
      } finally {
        d.close();
      }
    },
    async count(query: string, params: (string | number)[] = []): Promise<number> {
      return Number((await this.row<{ n: number }>(query, params))?.n ?? NaN);
    },
    async dispose() {
      await db?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A photo sheet of `rows` rows with bid numbers `<tag>1` … (a File for uploadExcel). */
export function photoSheet(rows: number, tag = 'B'): File {
  const lines = ['bid_number,low_res_image,high_res_image,orientation'];
  for (let i = 1; i <= rows; i++)
    lines.push(`${tag}${i},https://img.example.com/low/${i}.jpg,https://img.example.com/high/${i}.jpg,${i % 2 ? 'portrait' : 'landscape'}`);
  return new File([lines.join('\n')], 'photos.csv', { type: 'text/csv' });
}

/** Sends SIGTERM and resolves to the exit code and signal once the process is gone. */
export function sigterm(server: ChildServer): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    if (server.proc.exitCode !== null || server.proc.signalCode !== null) resolve({ code: server.proc.exitCode, signal: server.proc.signalCode });
    else server.proc.once('exit', (code, signal) => resolve({ code, signal }));
  });
  server.proc.kill('SIGTERM');
  return exited;
}

/** Resolves once the process printed `pattern` (or throws after `timeoutMs`). */
export async function printed(server: ChildServer, pattern: RegExp, timeoutMs = 10_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!pattern.test(server.output())) {
    if (Date.now() > until) throw new Error(`the server never printed ${pattern}:\n${server.output()}`);
    await new Promise((r) => setTimeout(r, 5));
  }
}
