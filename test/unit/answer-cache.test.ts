import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { ANSWER_TTL_MS, JUDGE_EVERY, MAX_ANSWER_BYTES, MAX_ANSWERS, SAMPLE_EVERY, cachedAnswer, keptAnswers } from '../../server/lib/http/answer-cache.ts';
import { dataVersion } from '../../server/db/data-version.ts';
import { openSqlite } from '../../server/db/sqlite.ts';
import type { Sql } from '../../server/db/sql.ts';

// A list answer is reused only while the database is unchanged.
const fakeSql = (version: () => number | undefined) => ({ engine: 'sqlite', dataVersion: version }) as unknown as Sql;

test('an answer is reused while the data version holds, and made again when it moves', async () => {
  let v = 1, made = 0;
  const sql = fakeSql(() => v);
  const make = async () => `answer ${++made}`;
  assert.is(await cachedAnswer(sql, 'k', make), 'answer 1');
  assert.is(await cachedAnswer(sql, 'k', make), 'answer 1');
  v = 2;
  assert.is(await cachedAnswer(sql, 'k', make), 'answer 2');
  assert.is(await cachedAnswer(sql, 'other key', make), 'answer 3');
  assert.is(keptAnswers(sql).count, 2);
});

test('nothing is reused when the version is unknown, after the ttl, or when making it failed', async () => {
  let made = 0;
  const unknown = fakeSql(() => undefined);
  await cachedAnswer(unknown, 'k', async () => `a${++made}`);
  assert.is(await cachedAnswer(unknown, 'k', async () => `a${++made}`), 'a2');
  const sql = fakeSql(() => 1);
  await cachedAnswer(sql, 'k', async () => 'old', 0);
  assert.is(await cachedAnswer(sql, 'k', async () => 'fresh', ANSWER_TTL_MS), 'fresh');
  const failed = await cachedAnswer(sql, 'bad', async () => { throw new Error('422'); }).then(() => 'resolved', (e: Error) => e.message);
  assert.is(failed, '422');
  assert.is(await cachedAnswer(sql, 'bad', async () => 'ok now'), 'ok now');
});

test('when writes end nearly every kept answer, only one read in SAMPLE_EVERY reads the version, until hits come back', async () => {
  let v = 0, versionReads = 0, made = 0;
  const sql = fakeSql(() => { versionReads++; return v; });
  const make = async () => `answer ${++made}`;
  // A round in which every read follows a write: no hits.
  for (let i = 0; i < JUDGE_EVERY; i++) { v++; await cachedAnswer(sql, 'k', make); }
  assert.ok(keptAnswers(sql).sampling, 'sampling after a round without hits');
  versionReads = 0;
  for (let i = 0; i < 10 * SAMPLE_EVERY; i++) { v++; await cachedAnswer(sql, 'k', make); }
  assert.is(versionReads, 10, 'one version read per SAMPLE_EVERY reads');
  // The writes stop: the samples hit, and after a round of them every read looks up again.
  for (let i = 0; i < JUDGE_EVERY * SAMPLE_EVERY; i++) await cachedAnswer(sql, 'k', make);
  assert.not.ok(keptAnswers(sql).sampling, 'lookups on again once the samples hit');
  const before = made;
  for (let i = 0; i < 5; i++) await cachedAnswer(sql, 'k', make);
  assert.is(made, before, 'every read reuses the kept answer');
});

test('the cache stays bounded: too large answers are not kept, the least recently used go first', async () => {
  const sql = fakeSql(() => 1);
  await cachedAnswer(sql, 'huge', async () => 'x'.repeat(MAX_ANSWER_BYTES));
  await cachedAnswer(sql, 'k'.repeat(MAX_ANSWER_BYTES / 2), async () => 'a long query string counts too');
  assert.is(keptAnswers(sql).count, 0);
  // Each answer read twice: reuse pays, so every read keeps looking up (see the sampling test).
  for (let i = 0; i <= MAX_ANSWERS; i++) for (let twice = 0; twice < 2; twice++) await cachedAnswer(sql, `k${i}`, async () => `v${i}`);
  assert.is(keptAnswers(sql).count, MAX_ANSWERS);
  assert.is(await cachedAnswer(sql, 'k0', async () => 'made again'), 'made again', 'the oldest went');
  assert.is(await cachedAnswer(sql, `k${MAX_ANSWERS}`, async () => 'made again'), `v${MAX_ANSWERS}`, 'the newest stayed');
});

test('data version: own commits count at once, and so does another connection\'s, on the very next read', () => {
  let external = 5;
  const dv = dataVersion(() => external);
  const a = dv.current();
  assert.is(dv.current(), a);
  dv.changed();
  assert.ok(dv.current() > a);
  const b = dv.current();
  external = 6;
  assert.ok(dv.current() > b, 'the other writer was noticed');
});

test('a version that is read asynchronously (PostgreSQL: a statement) keys the answers the same way', async () => {
  let v: string | undefined = 'snapshot 1';
  let made = 0;
  const sql = { engine: 'postgres', dataVersion: async () => v } as unknown as Sql;
  const make = async () => `answer ${++made}`;
  assert.is(await cachedAnswer(sql, 'k', make), 'answer 1');
  assert.is(await cachedAnswer(sql, 'k', make), 'answer 1');
  v = 'snapshot 2';
  assert.is(await cachedAnswer(sql, 'k', make), 'answer 2');
  v = undefined;
  assert.is(await cachedAnswer(sql, 'k', make), 'answer 3', 'unknown: made afresh');
  v = 'snapshot 2';
  assert.is(await cachedAnswer(sql, 'k', make), 'answer 2', 'the kept one again once the version is known and the same');
});

test('SQLite: a commit of another connection (another process) moves the handle\'s data version', async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'answer-cache-'));
  const sql = openSqlite(path.join(dir, 'app.db'));
  try {
    await sql.run('CREATE TABLE t (x INTEGER)');
    const before = sql.dataVersion!();
    await sql.run('INSERT INTO t VALUES (1)');
    const own = sql.dataVersion!();
    assert.ok(own !== before, 'own write');
    const other = new Database(path.join(dir, 'app.db'));
    other.prepare('INSERT INTO t VALUES (2)').run();
    other.close();
    assert.ok(sql.dataVersion!() !== own, 'other connection, seen by the next call');
  } finally { await sql.close(); rmSync(dir, { recursive: true, force: true }); }
});

test.run();
