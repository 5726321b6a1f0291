import { test } from 'uvu';
import * as assert from 'uvu/assert';
import path from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { createTestDatabase, startTestApi, testEngine, type TestApi } from './harness.ts';

// List answers are reused per process while the database is
// unchanged (http/answer-cache.ts). A user must never see a list older than a change made
// before their read began, their own or another process's (SQLite: data_version; PostgreSQL:
// the snapshot read at the request's start). Two API processes: cache-two-processes.test.ts.
let api: TestApi;
let token: string;
let db: Awaited<ReturnType<typeof createTestDatabase>> | undefined;

test.before(async () => {
  db = testEngine === 'postgres' ? await createTestDatabase() : undefined;
  api = await startTestApi(db ? { databaseUrl: db.url } : {});
  token = await api.login();
});
test.after(async () => {
  await api.stop();
  await db?.drop();
});

const names = async () => {
  const r = await api.call('GET', 'user?page=1', { token });
  assert.is(r.status, 200);
  return (r.body.data.data as { name: string }[]).map((u) => u.name);
};

test('a list read again after a change through the API shows the change at once', async () => {
  const before = await names();
  assert.equal(await names(), before, 'read twice, same answer');
  const created = await api.call('POST', 'user', {
    token,
    form: { name: 'Listed at once', email: 'listed@example.com', password: 'Listed-pass-1', password_confirmation: 'Listed-pass-1', role: '1' },
  });
  assert.is(created.status, 200, JSON.stringify(created.body));
  assert.ok((await names()).includes('Listed at once'), 'the new user is listed');
  const renamed = await api.call('PUT', `user/${created.body.data.id}`, { token, form: { name: 'Renamed at once', email: 'listed@example.com', role: '1' } });
  assert.is(renamed.status, 200, JSON.stringify(renamed.body));
  const after = await names();
  assert.ok(after.includes('Renamed at once') && !after.includes('Listed at once'), 'the new name is listed');
  assert.is((await api.call('DELETE', `user/${created.body.data.id}`, { token })).status, 200);
  assert.not.ok((await names()).includes('Renamed at once'), 'the deleted user is gone');
});

test('a change made by another process (another connection to the database) is listed by the very next read', async () => {
  assert.ok((await names()).length > 0);
  if (testEngine === 'postgres') {
    const c = new pg.Client({ connectionString: db!.url });
    await c.connect();
    try {
      await c.query("UPDATE users SET name = 'Renamed elsewhere' WHERE id = 1");
    } finally {
      await c.end();
    }
  } else {
    const other = new Database(path.join(api.config.dataDir, 'app.db'));
    try {
      other.prepare("UPDATE users SET name = 'Renamed elsewhere' WHERE id = 1").run();
    } finally {
      other.close();
    }
  }
  assert.ok((await names()).includes('Renamed elsewhere'), 'listed at once, though the earlier answer was kept');
});

(testEngine === 'postgres' ? test : test.skip)(
  'PostgreSQL: no writing transaction sends a notice (the commits of notifying transactions take turns on one lock)',
  async () => {
    const c = new pg.Client({ connectionString: db!.url });
    await c.connect();
    try {
      const r = await c.query(`SELECT p.proname FROM pg_proc p JOIN pg_trigger g ON g.tgfoid = p.oid JOIN pg_class k ON k.oid = g.tgrelid
      WHERE k.relnamespace = current_schema()::regnamespace AND p.prosrc ILIKE '%pg_notify%'`);
      assert.equal(
        r.rows.map((x) => x.proname),
        [],
      );
    } finally {
      await c.end();
    }
  },
);

test.run();
