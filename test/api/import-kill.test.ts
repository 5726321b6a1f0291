import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import Database from 'better-sqlite3';
import { ADMIN, TEST_DATABASE_URL, createTestDatabase, testEngine } from './harness.ts';
import { apiCall, apiLogin, spawnServer, type ChildServer } from './child-server.ts';
import { awaitJob } from './import-job.ts';

// A users import job killed (SIGKILL) while it hashes: after a restart the job shows failed and
// none of its users exist (the rows are written only in the job's final transaction).
const ROWS = 60;
const sheet = () =>
  new File(
    [['name,email,password,role', ...Array.from({ length: ROWS }, (_, i) => `Killed ${i},killed${i}@example.com,Secret-${i}x,admin`)].join('\n')],
    'users.csv',
    { type: 'text/csv' },
  );

test(`[${testEngine}] a users import job killed mid-way writes no user and shows failed after restart`, async () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'import-kill-'));
  const db = TEST_DATABASE_URL ? await createTestDatabase() : undefined;
  // A short lease: on PostgreSQL the restarted process fails the killed job once its lease ends (60 s by default).
  const env = { DATA_DIR: dataDir, DATABASE_URL: db?.url ?? '', ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, IMPORT_LEASE_MS: '3000' };
  let server: ChildServer | undefined;
  try {
    server = await spawnServer(env);
    const token = await apiLogin(server.url, ADMIN.email, ADMIN.password);
    const started = await apiCall(server.url, 'POST', 'user/import', { token, form: { file: sheet() } });
    assert.is(started.status, 200, JSON.stringify(started.body));
    const id = started.body.data.job_id;
    for (
      let j: { passwords_hashed?: number } | undefined;
      !(j = (await apiCall(server.url, 'GET', `import-job/${id}`, { token })).body.data).passwords_hashed;
    )
      await new Promise((r) => setTimeout(r, 20));
    await server.kill();

    server = await spawnServer(env);
    const token2 = await apiLogin(server.url, ADMIN.email, ADMIN.password);
    const job = await awaitJob((m, p, o) => apiCall(server!.url, m, p, o), token2, started, 30_000, 200);
    assert.is(job.state, 'failed');
    assert.is(job.message, 'The server stopped before this import finished; nothing was imported. Please import the file again.');
    const users = db
      ? Number((await withPg(db.url, (c) => c.query("SELECT COUNT(*) AS n FROM users WHERE email LIKE 'killed%'"))).rows[0].n)
      : sqliteCount(path.join(dataDir, 'app.db'), "SELECT COUNT(*) AS n FROM users WHERE email LIKE 'killed%'");
    assert.is(users, 0, 'no user of the killed import exists');
    // The same sheet imports whole now.
    assert.is(
      (
        await awaitJob(
          (m, p, o) => apiCall(server!.url, m, p, o),
          token2,
          await apiCall(server.url, 'POST', 'user/import', { token: token2, form: { file: sheet() } }),
          600_000,
          250,
        )
      ).rows_written,
      ROWS,
    );
  } finally {
    await server?.kill();
    await db?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
});

function sqliteCount(file: string, query: string): number {
  const d = new Database(file, { readonly: true });
  try {
    return Number((d.prepare(query).get() as { n: number }).n);
  } finally {
    d.close();
  }
}

async function withPg<T>(url: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

test.run();
