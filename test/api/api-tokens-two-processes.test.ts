import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ADMIN, createTestDatabase, TEST_DATABASE_URL } from './harness.ts';
import { apiCall, apiLogin, spawnServer, type ChildServer } from './child-server.ts';
import { apiRequest } from './call.ts';

// An API token revoked through one API process is refused by another at its very next call
// ("revokes at once, in every process"), on the engine under test: two processes on one
// PostgreSQL database, or on one SQLite file (the second started once the first has migrated it).

const dir = mkdtempSync(path.join(tmpdir(), 'api-tokens-two-'));
let db: Awaited<ReturnType<typeof createTestDatabase>> | undefined;
let a: ChildServer, b: ChildServer;

test.before(async () => {
  db = TEST_DATABASE_URL ? await createTestDatabase() : undefined;
  const env = (name: string) => ({
    DATA_DIR: db ? path.join(dir, name) : dir,
    DATABASE_URL: db?.url ?? '',
    TEST_DATABASE_URL: '',
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
  });
  a = await spawnServer(env('a'));
  b = await spawnServer(env('b'));
});
test.after(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
  await db?.drop();
  rmSync(dir, { recursive: true, force: true });
});

/** A call with the API token only: no session, no XSRF cookie. */
const byToken = (base: string, p: string, token: string) => apiRequest(base, 'GET', p, { token, xsrf: false });

test('a token made on A works on B, and once revoked on A, B refuses its next call with 401', async () => {
  const session = await apiLogin(a.url, ADMIN.email, ADMIN.password);
  const expires = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
  const made = await apiCall(a.url, 'POST', 'tokens', { token: session, form: { name: 'Two processes', scopes: 'users:read', expires_at: expires } });
  assert.is(made.status, 200, JSON.stringify(made.body));
  const { id, token } = made.body.data as { id: number; token: string };
  // B answers it several times in a row: anything B might keep of it is warm.
  for (let i = 0; i < 5; i++) assert.is((await byToken(b.url, 'user?page=1', token)).status, 200, `call ${i + 1} on B`);
  const revoked = await apiCall(a.url, 'DELETE', `tokens/${id}`, { token: session });
  assert.is(revoked.status, 200, JSON.stringify(revoked.body));
  assert.is((await byToken(b.url, 'user?page=1', token)).status, 401, 'B refuses the revoked token at once');
  assert.is((await byToken(a.url, 'user?page=1', token)).status, 401, 'A too');
});

test.run();
