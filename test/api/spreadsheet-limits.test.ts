import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDatabase } from '../../server/db/index.ts';
import { ADMIN, TEST_DATABASE_URL, createTestDatabase, testEngine } from './harness.ts';
import { apiCall, apiLogin, buildServerBundle, spawnServer, type ChildServer } from './child-server.ts';
import { zipBomb } from './zip-bomb.ts';

// Spreadsheets cannot take the server down (DESIGN.md §4): a zip bomb is refused once it has
// inflated 100 MB, a 10 MB CSV of tiny rows is refused at row 50,001 without the server's memory
// passing 300 MB, and the server answers the next request straight away. The server is the
// production bundle started as `npm start` starts it (its Node flags and malloc setting): its
// memory is what an operator sees, not that of the TypeScript loader in every thread.

const MB = 1024 * 1024;
let server: ChildServer;
let token: string;
let eventId: number;
let dispose: () => Promise<void>;

test.before(async () => {
  const built = buildServerBundle();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'sheet-limits-'));
  const db = TEST_DATABASE_URL ? await createTestDatabase() : undefined;
  const sql = await openDatabase(dataDir, db?.url);
  try {
    const c = await sql.get<{ id: number }>('INSERT INTO companies (name, email, status, created_at) VALUES (?, ?, 1, ?) RETURNING id', [
      'Bomb Org',
      'bomb@example.com',
      Date.now(),
    ]);
    eventId = (await sql.get<{ id: number }>('INSERT INTO events (company_id, title, start_date, end_date, created_at) VALUES (?, ?, ?, ?, ?) RETURNING id', [
      c!.id,
      'Run',
      '2030-01-01',
      '2030-01-02',
      Date.now(),
    ]))!.id;
  } finally {
    await sql.close();
  }
  server = await spawnServer(
    { SERVER_BUNDLE: built.bundle, DATA_DIR: dataDir, DATABASE_URL: db?.url ?? '', ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password },
    30_000,
    { bundled: true },
  );
  token = await apiLogin(server.url, ADMIN.email, ADMIN.password);
  dispose = async () => {
    await server.stop();
    await db?.drop();
    built.remove();
    rmSync(dataDir, { recursive: true, force: true });
  };
});
test.after(() => dispose());

const photoUpload = (file: File) =>
  apiCall(server.url, 'POST', 'uploadExcel', { token, form: { event_id: String(eventId), photo_price_type_id: '1', photo_price: '', excel: file } });
const userImport = (file: File) => apiCall(server.url, 'POST', 'user/import', { token, form: { file } });

/** The server still answers, quickly: GET /api/ping right after the refusal. */
async function stillServing() {
  const t = Date.now();
  const r = await apiCall(server.url, 'GET', 'ping');
  assert.is(r.status, 200, 'the server must keep serving');
  return Date.now() - t;
}

// First, while the server's high-water mark of memory is still its own.
test(`[${testEngine}] a 10 MB one-column CSV of tiny rows is refused at the row limit, the server staying under 300 MB`, async () => {
  const text = 'name\n' + 'a\n'.repeat(5_000_000);
  assert.ok(text.length <= 10 * MB && text.length > 9.5 * 1e6);
  const r = await userImport(new File([text], 'tiny.csv', { type: 'text/csv' }));
  assert.is(r.status, 422, JSON.stringify(r.body).slice(0, 200));
  assert.is(r.body.errors.file[0], 'The file may not have more than 50,000 rows.');
  await stillServing();
  const peakMb = server.peakRssKb() / 1024;
  console.log(`  [${testEngine}] 10 MB CSV: refused, server peak RSS ${peakMb.toFixed(0)} MB`);
  assert.ok(peakMb > 0 && peakMb < 300, `peak RSS ${peakMb.toFixed(0)} MB`);
});

for (const [label, size] of [
  ['150 MB', 150 * MB],
  ['600 MB', 600 * MB],
] as const) {
  test(`[${testEngine}] an .xlsx whose one entry inflates to ${label} is refused on both import routes, naming the 100 MB limit`, async () => {
    const bomb = await zipBomb(size);
    assert.ok(bomb.size < 4 * MB, `the bomb is small on the wire (${bomb.size} bytes)`);
    for (const [route, send, field] of [
      ['uploadExcel', photoUpload, 'excel'],
      ['user/import', userImport, 'file'],
    ] as const) {
      const r = await send(bomb);
      assert.ok(r.status === 413 || r.status === 422, `${route}: ${r.status} ${JSON.stringify(r.body).slice(0, 200)}`);
      assert.match(r.body.errors?.[field]?.[0] ?? r.body.message, /100 MB/, `${route} names the limit`);
      const ms = await stillServing();
      console.log(`  [${testEngine}] ${label} bomb on ${route}: ${r.status} "${r.body.errors?.[field]?.[0]}", ping after it ${ms} ms`);
    }
    assert.is(server.proc.exitCode, null, 'the process is alive');
  });
}

test.run();
