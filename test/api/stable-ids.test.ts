import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { openDatabase } from '../../server/db/index.ts';
import core from '../../server/db/migrations/001-core.ts';
import { startTestApi, testEngine, type TestApi } from './harness.ts';
import { campaignForm, makeOrganiser, recognitionEvent, type Organiser } from './campaigns-fixtures.ts';

// Ids referenced across systems are never handed out twice: deleting the newest
// row and creating another gives a larger id, on SQLite (AUTOINCREMENT) and PostgreSQL (SERIAL).

let api: TestApi;
let org: Organiser;
test.before(async () => {
  api = await startTestApi();
  org = await makeOrganiser(api, 'Ids Org');
});
test.after(async () => {
  await api.stop();
});

test(`${testEngine}: a deleted newest recognition event's id is not reused`, async () => {
  const make = async () => (await api.call('POST', '/recognition/events', { json: recognitionEvent, token: org.token })).body.data.id as number;
  const first = await make();
  assert.is((await api.call('DELETE', `/recognition/events/${first}`, { token: org.token })).status, 200);
  assert.ok((await make()) > first);
});

test(`${testEngine}: a deleted newest campaign's id is not reused`, async () => {
  const make = async () => (await api.call('POST', 'campaign', { token: org.token, form: campaignForm(org.eventId) })).body.data.id as number;
  const first = await make();
  assert.is((await api.call('PUT', 'deleteCampaign', { token: org.token, form: { campaign_id: String(first) } })).status, 200);
  assert.ok((await make()) > first);
});

test(`${testEngine}: deleted newest events and users leave their ids unused`, async () => {
  let n = 0;
  const inserts = {
    events: () =>
      api.sql.get<{ id: number }>(
        "INSERT INTO events (company_id, title, start_date, end_date, created_at) VALUES (?, 'E', '2030-01-01', '2030-01-01', 0) RETURNING id",
        [org.companyId],
      ),
    users: () =>
      api.sql.get<{ id: number }>("INSERT INTO users (name, email, password_hash, created_at) VALUES ('U', ?, 'x', 0) RETURNING id", [
        `ids-${++n}@example.com`,
      ]),
  };
  for (const [table, insert] of Object.entries(inserts)) {
    const first = (await insert())!.id;
    await api.sql.run(`DELETE FROM ${table} WHERE id = ?`, [first]);
    const second = (await insert())!.id;
    assert.ok(second > first, `${table}: ${second} > ${first}`);
  }
});

(testEngine === 'sqlite' ? test : test.skip)('sqlite: a database made before AUTOINCREMENT is rebuilt with every row and link kept', async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'stable-ids-'));
  try {
    const db = new Database(path.join(dir, 'app.db'));
    db.pragma('foreign_keys = ON');
    db.exec((core.sql as string).replaceAll('{{pk}}', 'INTEGER PRIMARY KEY'));
    db.exec("CREATE TABLE schema_migrations (id TEXT PRIMARY KEY, applied_at BIGINT NOT NULL); INSERT INTO schema_migrations VALUES ('001-core', 0)");
    db.exec(`INSERT INTO companies (id, name, email, created_at) VALUES (1, 'Old Org', 'old@example.com', 0);
      INSERT INTO events (id, company_id, title, start_date, end_date, created_at) VALUES (1, 1, 'A', '2030-01-01', '2030-01-01', 0), (2, 1, 'B', '2030-01-01', '2030-01-01', 0);
      INSERT INTO campaigns (id, event_id, title, start_date, end_date, type, created_at) VALUES (5, 2, 'Camp', '2030-01-01', '2030-01-01', 1, 0);
      INSERT INTO templates (campaign_id, path, x, y, width, height, template_width, template_height, created_at) VALUES (5, '/t.png', 1, 2, 3, 4, 5, 6, 0);
      INSERT INTO recognition_events (id, payload, created_at) VALUES (3, '{}', 0);`);
    db.close();
    const sql = await openDatabase(dir);
    try {
      const schema = await sql.get<{ sql: string }>("SELECT sql FROM sqlite_master WHERE name = 'campaigns'");
      assert.match(schema!.sql, /id INTEGER PRIMARY KEY AUTOINCREMENT/);
      assert.is(Number((await sql.get<{ n: number }>('SELECT COUNT(*) AS n FROM templates WHERE campaign_id = 5'))!.n), 1, 'children kept');
      assert.is((await sql.get<{ title: string }>('SELECT title FROM campaigns WHERE id = 5'))!.title, 'Camp');
      assert.ok(await sql.get("SELECT name FROM sqlite_master WHERE type = 'index' AND name = 'campaigns_event'"), 'indexes kept');
      assert.equal(await sql.all('PRAGMA foreign_key_check'), []);
      await sql.run('DELETE FROM recognition_events WHERE id = 3');
      const next = await sql.get<{ id: number }>("INSERT INTO recognition_events (payload, created_at) VALUES ('{}', 0) RETURNING id");
      assert.is(next!.id, 4, 'the deleted id 3 is not handed out again');
      await sql.run('DELETE FROM events WHERE id = 2');
      assert.is(Number((await sql.get<{ n: number }>('SELECT COUNT(*) AS n FROM campaigns'))!.n), 0, 'foreign keys are back on (cascade)');
    } finally {
      await sql.close();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test.run();
