import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ADMIN, TEST_DATABASE_URL, createTestDatabase } from './harness.ts';
import { ROOT, apiCall, apiLogin, spawnServer, type ChildServer } from './child-server.ts';

mkdirSync(path.join(ROOT, '.build'), { recursive: true });

// `npm start` serves the esbuild bundle (build-server.mjs), plain JavaScript without tsx. The
// bundle imports its npm packages, so it is built inside the repository (.build/, ignored by git).
const out = mkdtempSync(path.join(ROOT, '.build', 'server-bundle-'));
const dataDir = mkdtempSync(path.join(tmpdir(), 'bundle-data-'));
let server: ChildServer;
let db: Awaited<ReturnType<typeof createTestDatabase>> | undefined;

test.before(async () => {
  execFileSync(process.execPath, ['build-server.mjs'], { cwd: ROOT, env: { ...process.env, SERVER_OUT_DIR: out }, stdio: 'pipe' });
  db = TEST_DATABASE_URL ? await createTestDatabase() : undefined;
  server = await spawnServer({ SERVER_BUNDLE: path.join(out, 'index.mjs'), DATA_DIR: dataDir, DATABASE_URL: db?.url ?? '', ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password }, 30_000, { bundled: true });
});
test.after(async () => {
  await server?.stop();
  await db?.drop();
  rmSync(out, { recursive: true, force: true });
  rmSync(dataDir, { recursive: true, force: true });
});

test('the bundled server is one plain JavaScript file that loads no TypeScript loader', () => {
  const cmdline = readFileSync(`/proc/${server.pid}/cmdline`, 'utf8');
  assert.not.match(cmdline, /tsx/);
  assert.not.match(readFileSync(path.join(out, 'index.mjs'), 'utf8'), /from ["']tsx|\.ts["']/);
});

test('the bundled server answers health and a sign-in', async () => {
  const h = await apiCall(server.url, 'GET', 'health');
  assert.is(h.status, 200, JSON.stringify(h.body));
  const token = await apiLogin(server.url, ADMIN.email, ADMIN.password);
  assert.is((await apiCall(server.url, 'GET', 'user/get', { token })).body.data.email, ADMIN.email);
});

test.run();
