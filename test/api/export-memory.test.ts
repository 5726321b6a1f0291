import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDatabase } from '../../server/db/index.ts';
import { seedIfEmpty } from '../../server/seed/index.ts';
import { ADMIN, TEST_DATABASE_URL, createTestDatabase, testEngine } from './harness.ts';
import { apiLogin, buildServerBundle, spawnServer } from './child-server.ts';

// a 100,000-row export stays within the CSV export's memory bound (bench/lists.ts:
// "export peak < 200 MB"), as `.xlsx` as well as CSV. Each export runs in its own server process
// (the production bundle started as `npm start` starts it), so each peak (VmHWM) is that
// export's own (the peak is reset after sign-in); the body is read as it comes and counted, as a browser saves it. The workbook is
// then read back: 100,001 rows, the last user's name in place.

const N = 100_000;
/** The CSV export's bound (bench/lists.ts), in MB of the server's peak resident memory. */
const BOUND_MB = 200;
let built: ReturnType<typeof buildServerBundle>;
let dataDir: string;
let db: Awaited<ReturnType<typeof createTestDatabase>> | undefined;

test.before(async () => {
  built = buildServerBundle();
  dataDir = mkdtempSync(path.join(tmpdir(), 'export-memory-'));
  db = TEST_DATABASE_URL ? await createTestDatabase() : undefined;
  const sql = await openDatabase(dataDir, db?.url);
  try {
    await seedIfEmpty(sql, { adminEmail: ADMIN.email, adminPassword: ADMIN.password, demo: false });
    const series = sql.engine === 'postgres' ? `FROM generate_series(1, ${N}) AS s(i)` : 'FROM s';
    const cte = sql.engine === 'postgres' ? '' : `WITH RECURSIVE s(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM s WHERE i < ${N}) `;
    await sql.run(
      `${cte}INSERT INTO users (name, email, password_hash, created_at) SELECT 'Export Person ' || CAST(i AS TEXT), 'export' || CAST(i AS TEXT) || '@memory.example', 'x', i ${series}`,
    );
  } finally {
    await sql.close();
  }
});
test.after(async () => {
  await db?.drop();
  built.remove();
  rmSync(dataDir, { recursive: true, force: true });
});

/** Exports every user from a fresh server process: the body's bytes and the process's peak memory in MB. */
async function exportOnce(query: string): Promise<{ bytes: Buffer; before: number; peakMb: number; ms: number }> {
  const server = await spawnServer(
    { SERVER_BUNDLE: built.bundle, DATA_DIR: dataDir, DATABASE_URL: db?.url ?? '', ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password },
    30_000,
    { bundled: true },
  );
  try {
    const token = await apiLogin(server.url, ADMIN.email, ADMIN.password);
    const before = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${server.pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
    // Start-up's own peak (migrations, the sign-in's password hash) is not the export's: Linux
    // resets a process's VmHWM to its present size on "5" in /proc/<pid>/clear_refs.
    writeFileSync(`/proc/${server.pid}/clear_refs`, '5');
    const t = performance.now();
    const res = await fetch(`${server.url}/api/user/export${query}`, { headers: { Authorization: `Bearer ${token}` } });
    assert.is(res.status, 200);
    const parts: Buffer[] = [];
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) parts.push(Buffer.from(chunk));
    return { bytes: Buffer.concat(parts), before, peakMb: server.peakRssKb() / 1024, ms: performance.now() - t };
  } finally {
    await server.stop();
  }
}

test(`[${testEngine}] exporting 100,000 users as CSV and as .xlsx: each server stays under ${BOUND_MB} MB`, async () => {
  const csv = await exportOnce('');
  const xlsx = await exportOnce('?format=xlsx');
  console.log(
    `  [${testEngine}] ${N.toLocaleString('en')} users: CSV ${(csv.bytes.length / 1e6).toFixed(1)} MB in ${(csv.ms / 1000).toFixed(1)} s, peak ${csv.peakMb.toFixed(0)} MB (${csv.before.toFixed(0)} MB before it); ` +
      `.xlsx ${(xlsx.bytes.length / 1e6).toFixed(1)} MB in ${(xlsx.ms / 1000).toFixed(1)} s, peak ${xlsx.peakMb.toFixed(0)} MB (${xlsx.before.toFixed(0)} MB before it)`,
  );
  assert.ok(csv.peakMb > 0 && csv.peakMb < BOUND_MB, `CSV peak ${csv.peakMb.toFixed(0)} MB`);
  assert.ok(xlsx.peakMb > 0 && xlsx.peakMb < BOUND_MB, `.xlsx peak ${xlsx.peakMb.toFixed(0)} MB`);
  const { readSheet } = await import('read-excel-file/node');
  const rows = await readSheet(xlsx.bytes);
  assert.is(rows.length, N + 2, 'the header, the administrator and 100,000 users');
  assert.equal(rows.at(-1)!.slice(1, 3), [`Export Person ${N}`, `export${N}@memory.example`]);
});

test.run();
