import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ADMIN, TEST_DATABASE_URL, createTestDatabase, testEngine } from './harness.ts';
import { ROOT, buildServerBundle, spawnServer } from './child-server.ts';
import { migrate } from '../../server/db/migrate.ts';
import { migrations } from '../../server/db/migrations/index.ts';
import { openPostgres } from '../../server/db/postgres.ts';
import { openSqlite } from '../../server/db/sqlite.ts';
import type { Sql } from '../../server/db/sql.ts';

// An upgrade as an operator runs it: `npm run migrations` says what is applied and what is
// pending, the start applies the pending ones and logs one line for each, and the listing then
// shows them applied.
let built: ReturnType<typeof buildServerBundle>;
const dataDir = mkdtempSync(path.join(tmpdir(), 'migrations-'));
let db: Awaited<ReturnType<typeof createTestDatabase>> | undefined;
const env = () => ({ ...process.env, DATA_DIR: dataDir, DATABASE_URL: db?.url ?? '' });
const open = (): Sql => (db ? openPostgres(db.url, { max: 1 }) : openSqlite(path.join(dataDir, 'app.db')));
const ids = migrations.map((m) => m.id);
const HALF = Math.floor(ids.length / 2);

test.before(async () => {
  built = buildServerBundle();
  db = TEST_DATABASE_URL ? await createTestDatabase() : undefined;
});
test.after(async () => {
  built?.remove();
  await db?.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

/** `npm run migrations` as package.json runs it, on the bundle just built: its lines. */
function listing(): string[] {
  const script: string = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')).scripts.migrations;
  assert.is(script, 'node server-dist/migrations.mjs');
  const out = execFileSync(process.execPath, [path.join(path.dirname(built.bundle), 'migrations.mjs')], { cwd: ROOT, env: env(), encoding: 'utf8' });
  return out.trimEnd().split('\n');
}
/** The listing's word and id per migration line, e.g. ['applied', '001-core']. */
const states = (lines: string[]) =>
  lines.slice(0, -1).map((l) => {
    const w = l.split(/\s+/);
    return [w[0], w[w.length - 1]];
  });

test(`[${testEngine}] before the first start every migration is pending, and the listing creates nothing`, () => {
  const lines = listing();
  assert.equal(
    states(lines),
    ids.map((id) => ['pending', id]),
  );
  assert.match(lines.at(-1)!, `: 0 applied, ${ids.length} pending.`);
  if (!db) assert.match(lines.at(-1)!, 'No database at');
  if (!db) assert.not.ok(existsSync(path.join(dataDir, 'app.db')), 'no SQLite file was created');
});

test(`[${testEngine}] a database an older release left: the listing names the applied ones with their time and the pending ones`, async () => {
  const sql = open();
  const before = Date.now();
  try {
    await migrate(sql, migrations.slice(0, HALF));
  } finally {
    await sql.close();
  }
  const lines = listing();
  assert.equal(
    states(lines),
    ids.map((id, i) => [i < HALF ? 'applied' : 'pending', id]),
  );
  const at = Date.parse(lines[0].split(/\s+/)[1]);
  assert.ok(at >= before - 1000 && at <= Date.now() + 1000, `an ISO time of the migration: ${lines[0]}`);
  assert.match(lines.at(-1)!, `${db ? 'PostgreSQL' : 'SQLite'} `);
  assert.match(lines.at(-1)!, `: ${HALF} applied, ${ids.length - HALF} pending.`);
  if (db) assert.not.match(lines.at(-1)!, /app_test_pw/, 'the password is not printed');
});

test(`[${testEngine}] the start applies the pending migrations and logs one line for each, with its id; the listing then shows none pending`, async () => {
  const server = await spawnServer({ DATA_DIR: dataDir, DATABASE_URL: db?.url ?? '', ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
  let logged: { migration: string; ms: number; msg: string }[];
  try {
    logged = server
      .output()
      .split('\n')
      .filter((l) => l.includes('"migration"'))
      .map((l) => JSON.parse(l));
  } finally {
    await server.stop();
  }
  assert.equal(
    logged.map((l) => l.migration),
    ids.slice(HALF),
    'one line per migration applied, in order, none for those applied before',
  );
  assert.is(logged[0].msg, `Migration ${ids[HALF]} applied (${logged[0].ms} ms).`);
  assert.type(logged[0].ms, 'number');
  const lines = listing();
  assert.equal(
    states(lines),
    ids.map((id) => ['applied', id]),
  );
  assert.match(lines.at(-1)!, `: ${ids.length} applied, 0 pending.`);

  const again = await spawnServer({ DATA_DIR: dataDir, DATABASE_URL: db?.url ?? '' });
  try {
    assert.not.match(again.output(), /"migration"/, 'an up-to-date start logs no migration');
  } finally {
    await again.stop();
  }
});

test(`[${testEngine}] a migration only a newer release knows is listed as unknown`, async () => {
  const sql = open();
  try {
    await sql.run('INSERT INTO schema_migrations (id, applied_at) VALUES (?, ?)', ['999-from-the-future', Date.now()]);
  } finally {
    await sql.close();
  }
  const lines = listing();
  assert.match(lines.at(-2)!, /^unknown\s+\d{4}-\d\d-\d\dT[\d:.]+Z\s+999-from-the-future\s+\(applied by a newer release; this build does not know it\)$/);
  assert.match(lines.at(-1)!, `: ${ids.length} applied, 0 pending, 1 unknown to this build.`);
});

test.run();
