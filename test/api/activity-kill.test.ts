import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import Database from 'better-sqlite3';
import { ADMIN, TEST_DATABASE_URL, createTestDatabase, testEngine } from './harness.ts';
import { apiCall, apiLogin, spawnServer, type ChildServer } from './child-server.ts';

/**
 * An activity row and its change are one transaction. Eight clients rename one
 * user as fast as they can and the server is killed (SIGKILL) in the middle. Whatever got in,
 * the stored log must tell the record's story without a gap: read in order, each row's "before"
 * is the previous row's "after", the first starts from the original name and the last ends at
 * the name the user has now — a change without its row, or a row without its change, breaks it.
 * Concurrent edits of one record also take turns (PostgreSQL locks the row), so no row's
 * "before" is stale.
 */
test(`[${testEngine}] a kill -9 among concurrent edits leaves every change with its row and no row without its change`, async () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'activity-kill-'));
  const db = TEST_DATABASE_URL ? await createTestDatabase() : undefined;
  const env = { DATA_DIR: dataDir, DATABASE_URL: db?.url ?? '', ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password };
  let server: ChildServer | undefined;
  try {
    server = await spawnServer(env);
    const base = server.url;
    const token = await apiLogin(base, ADMIN.email, ADMIN.password);
    const role = await apiCall(base, 'POST', 'role', { token, form: { name: 'kill-role', permissions: '[]', roles: '[]' } });
    assert.is(role.status, 200, JSON.stringify(role.body));
    const roleId = String(role.body.data.id);
    const made = await apiCall(base, 'POST', 'user', { token, form: { name: 'Name 0', email: 'kill@example.com', password: 'Secret123', role: roleId } });
    assert.is(made.status, 200, JSON.stringify(made.body));
    const id = made.body.data.id;

    let n = 0;
    let ok = 0;
    let stop = false;
    const client = async () => {
      while (!stop) {
        const r = await apiCall(base, 'PUT', `user/${id}`, { token, form: { name: `Name ${++n}`, email: 'kill@example.com', role: roleId } }).catch(() => null);
        if (r?.status === 200) ok++;
      }
    };
    const clients = Array.from({ length: 8 }, client);
    // The kill comes once edits are being answered, the eight clients still sending (30 s: a failure guard only).
    for (const guard = Date.now() + 30_000; ok < 40 && Date.now() < guard; ) await new Promise((r) => setTimeout(r, 10));
    await server.kill();
    stop = true;
    await Promise.all(clients);
    assert.ok(ok > 0, 'some edits were answered before the kill');

    const rows = await query<{ changes: string }>(
      db?.url,
      dataDir,
      `SELECT changes FROM activity WHERE resource = 'users' AND resource_id = ${Number(id)} AND action = 'update' ORDER BY id`,
    );
    const now = (await query<{ name: string }>(db?.url, dataDir, `SELECT name FROM users WHERE id = ${Number(id)}`))[0].name;
    assert.ok(rows.length >= ok, `every answered edit has its row (${rows.length} rows, ${ok} answered)`);
    let name = 'Name 0';
    for (const r of rows) {
      const change = JSON.parse(r.changes).name;
      assert.is(change.from, name, 'each row starts where the one before ended');
      name = change.to;
    }
    assert.is(name, now, 'the last row ends at the stored name');
    console.log(`  ${ok} edits answered, ${rows.length} stored with their rows before the kill`);
  } finally {
    await server?.kill();
    await db?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
});

async function query<T>(url: string | undefined, dataDir: string, text: string): Promise<T[]> {
  if (!url) {
    const d = new Database(path.join(dataDir, 'app.db'), { readonly: true });
    try {
      return d.prepare(text).all() as T[];
    } finally {
      d.close();
    }
  }
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return (await c.query(text)).rows as T[];
  } finally {
    await c.end();
  }
}

test.run();
