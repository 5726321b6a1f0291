import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ADMIN, TEST_DATABASE_URL, createTestDatabase } from './harness.ts';
import { apiCall, apiLogin, buildServerBundle, spawnServer, type ChildServer } from './child-server.ts';

// `npm start` serves the esbuild bundle (build-server.mjs), plain JavaScript without tsx.
let built: ReturnType<typeof buildServerBundle>;
const dataDir = mkdtempSync(path.join(tmpdir(), 'bundle-data-'));
let server: ChildServer;
let db: Awaited<ReturnType<typeof createTestDatabase>> | undefined;

test.before(async () => {
  built = buildServerBundle();
  db = TEST_DATABASE_URL ? await createTestDatabase() : undefined;
  server = await spawnServer(
    { SERVER_BUNDLE: built.bundle, DATA_DIR: dataDir, DATABASE_URL: db?.url ?? '', ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password },
    30_000,
    { bundled: true },
  );
});
test.after(async () => {
  await server?.stop();
  await db?.drop();
  built?.remove();
  rmSync(dataDir, { recursive: true, force: true });
});

test('the bundled server is one plain JavaScript file that loads no TypeScript loader', () => {
  const cmdline = readFileSync(`/proc/${server.pid}/cmdline`, 'utf8');
  assert.not.match(cmdline, /tsx/);
  assert.not.match(readFileSync(built.bundle, 'utf8'), /from ["']tsx|\.ts["']/);
});

test('the bundled server answers health and a sign-in', async () => {
  const h = await apiCall(server.url, 'GET', 'health');
  assert.is(h.status, 200, JSON.stringify(h.body));
  const token = await apiLogin(server.url, ADMIN.email, ADMIN.password);
  assert.is((await apiCall(server.url, 'GET', 'user/get', { token })).body.data.email, ADMIN.email);
});

test.run();
