import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import net from 'node:net';
import Database from 'better-sqlite3';
import pg from 'pg';
import { openDatabase } from '../../server/db/index.ts';
import { MAX_BODY } from '../../server/app.ts';
import { ADMIN, TEST_DATABASE_URL, createTestDatabase, startTestApi, testEngine, type TestApi } from './harness.ts';
import { apiCall, apiLogin, spawnServer, type ChildServer } from './child-server.ts';
import { awaitJob } from './import-job.ts';

// Fault tests, on the engine the harness uses (SQLite, or PostgreSQL with
// TEST_DATABASE_URL): a SIGKILL mid-import loses nothing half-written, a database that refuses
// writes answers 503 and the server keeps serving, and an oversized body is refused up front.

const ROWS = 50_000;
const sheet = () => {
  const lines = ['bid_number,low_res_image,high_res_image,orientation'];
  for (let i = 1; i <= ROWS; i++)
    lines.push(`B${i},https://img.example.com/low/${i}.jpg,https://img.example.com/high/${i}.jpg,${i % 2 ? 'portrait' : 'landscape'}`);
  return new File([lines.join('\n')], 'photos.csv', { type: 'text/csv' });
};
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Storage of one server life cycle: a data folder plus, on PostgreSQL, a fresh database. */
async function storage() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'faults-'));
  const db = TEST_DATABASE_URL ? await createTestDatabase() : undefined;
  return {
    dataDir,
    db,
    env: { DATA_DIR: dataDir, DATABASE_URL: db?.url ?? '', ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password },
    /** Fixture rows written straight to the database: an organiser and one event; the event id. */
    async event(): Promise<number> {
      const sql = await openDatabase(dataDir, db?.url);
      try {
        const now = Date.now();
        const c = await sql.get<{ id: number }>('INSERT INTO companies (name, email, status, created_at) VALUES (?, ?, 1, ?) RETURNING id', [
          'Fault Org',
          'fault@example.com',
          now,
        ]);
        const e = await sql.get<{ id: number }>(
          'INSERT INTO events (company_id, title, start_date, end_date, created_at) VALUES (?, ?, ?, ?, ?) RETURNING id',
          [c!.id, 'Marathon', '2030-01-01', '2030-01-02', now],
        );
        return e!.id;
      } finally {
        await sql.close();
      }
    },
    /**
     * Resolves once the import's write transaction is open on the database: on PostgreSQL a
     * backend of this database holds a transaction id (it has written rows); on SQLite another
     * connection cannot take the write lock.
     */
    async writeInFlight(timeoutMs: number): Promise<boolean> {
      const until = Date.now() + timeoutMs;
      if (db) {
        const c = new pg.Client({ connectionString: db.url });
        await c.connect();
        try {
          while (Date.now() < until) {
            const r = await c.query(
              "SELECT 1 FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid() AND backend_xid IS NOT NULL AND query ILIKE 'INSERT INTO event_photos%'",
            );
            if (r.rowCount) return true;
            await sleep(2);
          }
        } finally {
          await c.end();
        }
        return false;
      }
      const probe = new Database(path.join(dataDir, 'app.db'), { timeout: 0 });
      try {
        while (Date.now() < until) {
          try {
            probe.exec('BEGIN IMMEDIATE');
            probe.exec('ROLLBACK');
          } catch (err) {
            if ((err as { code?: string }).code === 'SQLITE_BUSY') return true;
            throw err;
          }
          await sleep(1);
        }
      } finally {
        probe.close();
      }
      return false;
    },
    async dispose() {
      await db?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

test(`[${testEngine}] a server killed (SIGKILL) in the middle of a ${ROWS}-row photo import job leaves no rows, and the job shows failed after restart`, async () => {
  const s = await storage();
  let server: ChildServer | undefined;
  try {
    const eventId = await s.event();
    // A short lease: on PostgreSQL the restarted process fails the killed job once its lease ends (60 s by default).
    const env = { ...s.env, IMPORT_LEASE_MS: '3000' };
    server = await spawnServer(env);
    const token = await apiLogin(server.url, ADMIN.email, ADMIN.password);
    const file = sheet();
    const form = { event_id: String(eventId), excel: file, photo_price_type_id: '1', photo_price: '' };
    const started = await apiCall(server.url, 'POST', 'uploadExcel', { token, form });
    assert.is(started.status, 200, JSON.stringify(started.body).slice(0, 300));
    const inFlight = await s.writeInFlight(60_000);
    await server.kill();
    assert.ok(inFlight, "the import job's write transaction was never seen open");

    server = await spawnServer(env);
    const token2 = await apiLogin(server.url, ADMIN.email, ADMIN.password);
    const call = (m: string, p: string, o: { token?: string }) => apiCall(server!.url, m, p, o);
    // SQLite fails it at start; PostgreSQL once its lease has ended (another process might own it).
    const job = await awaitJob(call, token2, started, 30_000, 200);
    assert.is(job.state, 'failed');
    assert.match(job.message, /nothing was imported/);
    assert.is(job.rows_written, 0);
    const after = await apiCall(server.url, 'GET', `getPhotosByEventId?event_id=${eventId}`, { token: token2 });
    assert.is(after.status, 200);
    assert.is(after.body.data.total, 0, 'no photo of the interrupted import may survive');

    // The database is intact: the same import now completes, whole.
    const t = Date.now();
    const again = await awaitJob(call, token2, await apiCall(server.url, 'POST', 'uploadExcel', { token: token2, form }), 120_000, 100);
    assert.is(again.state, 'done', again.message);
    assert.is(again.rows_written, ROWS);
    const full = await apiCall(server.url, 'GET', `getPhotosByEventId?event_id=${eventId}`, { token: token2 });
    assert.is(full.body.data.total, ROWS);
    console.log(`  [${testEngine}] complete ${ROWS}-row import job after the restart: ${((Date.now() - t) / 1000).toFixed(1)} s`);
  } finally {
    await server?.kill();
    await s.dispose();
  }
});

/** Makes the test API's database refuse writes (and `undo` lifts it). */
async function refuseWrites(api: TestApi, kind: 'read-only' | 'full'): Promise<() => Promise<void>> {
  if (api.sql.engine === 'sqlite') {
    if (kind === 'read-only') {
      await api.sql.run('PRAGMA query_only = ON');
      return async () => {
        await api.sql.run('PRAGMA query_only = OFF');
      };
    }
    // The file may not grow past its current pages; fill what is free in them, so the next
    // write meets SQLITE_FULL exactly as on a full disk.
    const pages = Number((await api.sql.get<{ page_count: number }>('PRAGMA page_count'))!.page_count);
    await api.sql.get(`PRAGMA max_page_count = ${pages}`);
    for (let i = 0; i < 10_000; i++) {
      try {
        await api.sql.run('INSERT INTO permissions (name) VALUES (?)', ['filler'.padEnd(200, 'z')]);
      } catch {
        break;
      }
    }
    return async () => {
      await api.sql.get('PRAGMA max_page_count = 1073741823');
      await api.sql.run('DELETE FROM permissions WHERE name = ?', ['filler'.padEnd(200, 'z')]);
    };
  }
  // PostgreSQL: the database turns read-only for new sessions; the server's pooled sessions are
  // ended so its pool reconnects (it must survive losing its connections, too).
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await admin.connect();
  const name = (await api.sql.get<{ db: string }>('SELECT current_database() AS db'))!.db;
  const apply = async (setting: string) => {
    await admin.query(`ALTER DATABASE ${name} ${setting}`);
    await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()', [name]);
    await sleep(300);
  };
  await apply('SET default_transaction_read_only = on');
  return async () => {
    await apply('RESET default_transaction_read_only');
    await admin.end();
  };
}

for (const kind of testEngine === 'sqlite' ? (['read-only', 'full'] as const) : (['read-only'] as const)) {
  test(`[${testEngine}] a ${kind} database answers 503 with a clear message, and the server keeps answering`, async () => {
    const api = await startTestApi();
    try {
      const token = await api.login();
      const undo = await refuseWrites(api, kind);
      const r = await api.call('POST', 'permission', { token, form: { name: 'x'.repeat(200) } });
      assert.is(r.status, 503, JSON.stringify(r.body));
      assert.is(r.body.status, 'server_error');
      assert.is(r.body.message, 'The database cannot be written right now. Nothing was saved.');
      const read = await api.call('GET', 'permission?page=1', { token });
      assert.is(read.status, 200, 'reads go on while writes are refused');
      await undo();
      const w = await api.call('POST', 'permission', { token, form: { name: 'After the fault' } });
      assert.is(w.status, 200, `writes work again once the database accepts them: ${JSON.stringify(w.body)}`);
    } finally {
      await api.stop();
    }
  });
}

/**
 * Opens a raw connection, sends the request head and then the body slowly (64 kB every 10 ms);
 * resolves with the status line once the server answers, and how many body bytes were sent.
 */
function slowUpload(url: string, head: string, bodyBytes: number, timeoutMs = 15_000): Promise<{ status: number; sent: number }> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const sock = net.connect(Number(port), hostname);
    const chunk = Buffer.alloc(64 * 1024, 97);
    const chunked = /transfer-encoding: chunked/i.test(head);
    let sent = 0,
      timer: NodeJS.Timeout | undefined,
      got = '';
    const done = (err?: Error, status = 0) => {
      clearInterval(timer);
      clearTimeout(limit);
      sock.destroy();
      if (err) reject(err);
      else resolve({ status, sent });
    };
    const limit = setTimeout(() => done(new Error(`no answer after ${timeoutMs} ms (${sent} bytes sent)`)), timeoutMs);
    sock.on('connect', () => {
      sock.write(head);
      timer = setInterval(() => {
        if (sent >= bodyBytes) return;
        sock.write(chunked ? Buffer.concat([Buffer.from(`${chunk.length.toString(16)}\r\n`), chunk, Buffer.from('\r\n')]) : chunk);
        sent += chunk.length;
      }, 10);
    });
    sock.on('data', (d) => {
      got += d.toString('latin1');
      const m = /^HTTP\/1\.1 (\d{3})/.exec(got);
      if (m) done(undefined, Number(m[1]));
    });
    sock.on('error', (err) => (got ? undefined : done(err)));
  });
}

test(`[${testEngine}] a body announced over the limit is refused with 413 before it is sent`, async () => {
  const api = await startTestApi();
  try {
    const total = 200 * 1024 * 1024;
    const head = `POST /api/uploadExcel HTTP/1.1\r\nHost: x\r\nContent-Type: multipart/form-data; boundary=zz\r\nContent-Length: ${total}\r\n\r\n`;
    const r = await slowUpload(api.url, head, total);
    assert.is(r.status, 413);
    // The bytes sent before the answer are the measure: the body trickles in at 64 kB per 10 ms, so
    // a server that waited for any of it would have let megabytes through first.
    assert.ok(r.sent < 2 * 1024 * 1024, `answered after ${r.sent} bytes — the server waited for the body`);
  } finally {
    await api.stop();
  }
});

test(`[${testEngine}] a streamed (chunked) body past the limit is refused with 413 once the limit is crossed, not read whole`, async () => {
  const api = await startTestApi();
  try {
    const total = 200 * 1024 * 1024;
    const head = 'POST /api/uploadExcel HTTP/1.1\r\nHost: x\r\nContent-Type: multipart/form-data; boundary=zz\r\nTransfer-Encoding: chunked\r\n\r\n';
    const r = await slowUpload(api.url, head, total, 30_000);
    assert.is(r.status, 413);
    assert.ok(r.sent < MAX_BODY + 4 * 1024 * 1024, `answered after ${r.sent} bytes of ${total}`);
  } finally {
    await api.stop();
  }
});

test.run();
