import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ADMIN, createTestDatabase, TEST_DATABASE_URL } from './harness.ts';
import { apiCall, apiLogin, spawnServer, type ChildServer } from './child-server.ts';

// Each process keeps looked-up sessions for SESSION_CACHE_MS (1 s); a session
// revoked through one process is refused by every process once the other's cached copy ends. Two
// API processes on one database: PostgreSQL with TEST_DATABASE_URL, else one SQLite file (started
// one after the other). How long a cached session lives is the cache's own rule, proved on its
// clock in test/unit/session-cache.test.ts; here the other process must come to refuse it.

const dirs: string[] = [];
let db: Awaited<ReturnType<typeof createTestDatabase>> | undefined;
let a: ChildServer, b: ChildServer;
test.before(async () => {
  db = TEST_DATABASE_URL ? await createTestDatabase() : undefined;
  const shared = mkdtempSync(path.join(tmpdir(), 'session-cache-'));
  dirs.push(shared);
  const env = () => {
    const dir = db ? mkdtempSync(path.join(tmpdir(), 'session-cache-')) : shared;
    if (db) dirs.push(dir);
    return { DATA_DIR: dir, DATABASE_URL: db?.url ?? '', ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, MAIL_SENDER: '0' };
  };
  a = await spawnServer(env());
  b = await spawnServer(env());
});
test.after(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
  await db?.drop();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

/**
 * Polls `url` with `token` every 50 ms until it answers 401: true then, false if it still
 * answers after 30 s (a failure guard only: a cached copy lives SESSION_CACHE_MS).
 */
async function refusedInTheEnd(url: string, token: string): Promise<boolean> {
  const guard = Date.now() + 30_000;
  while (Date.now() < guard) {
    if ((await apiCall(url, 'GET', 'user/get', { token })).status === 401) return true;
    await new Promise((r) => setTimeout(r, 50));
  }
  return false;
}

test('a session signed out on one process is refused by both (the other had it cached)', async () => {
  const token = await apiLogin(a.url, ADMIN.email, ADMIN.password);
  // Both processes look the session up (and cache it).
  for (const s of [a, b]) for (let i = 0; i < 3; i++) assert.is((await apiCall(s.url, 'GET', 'user/get', { token })).status, 200);
  assert.is((await apiCall(b.url, 'POST', 'logout', { token })).status, 200);
  // The process that wrote forgets at once; the other within the cache's life.
  assert.is((await apiCall(b.url, 'GET', 'user/get', { token })).status, 401, 'the signing-out process at once');
  assert.ok(await refusedInTheEnd(a.url, token), 'the other process still accepts the signed-out session');
});

test('another session of the same user stays signed in on both', async () => {
  const keep = await apiLogin(a.url, ADMIN.email, ADMIN.password);
  const drop = await apiLogin(b.url, ADMIN.email, ADMIN.password);
  for (const s of [a, b]) for (const t of [keep, drop]) assert.is((await apiCall(s.url, 'GET', 'user/get', { token: t })).status, 200);
  assert.is((await apiCall(a.url, 'POST', 'logout', { token: drop })).status, 200);
  assert.ok(await refusedInTheEnd(b.url, drop), 'the other process still accepts the signed-out session');
  for (const s of [a, b]) assert.is((await apiCall(s.url, 'GET', 'user/get', { token: keep })).status, 200);
});

test.run();
