import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import {
  ANSWER_TTL_MS,
  JUDGE_EVERY,
  MAX_ANSWER_BYTES,
  MAX_ANSWERS,
  SAMPLE_EVERY,
  SAMPLE_ROUND,
  cachedAnswer,
  keptAnswers,
} from '../../server/http/answer-cache.ts';
import { dataVersion } from '../../server/db/data-version.ts';
import { parseSnapshot, snapshotChange } from '../../server/db/snapshot-diff.ts';
import { openSqlite } from '../../server/db/sqlite.ts';
import type { Sql } from '../../server/db/sql.ts';

// A list answer is reused only while the database is unchanged.
const fakeSql = (version: () => number | undefined) => ({ engine: 'sqlite', dataVersion: version }) as unknown as Sql;

test('an answer is reused while the data version holds, and made again when it moves', async () => {
  let v = 1,
    made = 0;
  const sql = fakeSql(() => v);
  const make = async () => `answer ${++made}`;
  assert.is(await cachedAnswer(sql, 'k', make), 'answer 1', 'a first read is made');
  assert.is(await cachedAnswer(sql, 'k', make), 'answer 2', 'the second is made and kept');
  assert.is(await cachedAnswer(sql, 'k', make), 'answer 2');
  v = 2;
  assert.is(await cachedAnswer(sql, 'k', make), 'answer 3');
  assert.is(await cachedAnswer(sql, 'k', make), 'answer 3');
  assert.is(await cachedAnswer(sql, 'other key', make), 'answer 4');
  assert.is(keptAnswers(sql).count, 1, 'a key read once is not kept');
});

test("a key's first read in a while reads no version and keeps nothing: searches no one repeats cost nothing", async () => {
  let versionReads = 0;
  const sql = fakeSql(() => {
    versionReads++;
    return 1;
  });
  for (let i = 0; i < 50; i++) await cachedAnswer(sql, `search ${i}`, async () => `answer ${i}`);
  assert.is(versionReads, 0);
  assert.is(keptAnswers(sql).count, 0);
  assert.is(await cachedAnswer(sql, 'search 7', async () => 'made again'), 'made again', 'read again: made and kept');
  assert.is(versionReads, 1);
  assert.is(await cachedAnswer(sql, 'search 7', async () => 'not made'), 'made again', 'and reused');
});

test('nothing is reused when the version is unknown, after the ttl, or when making it failed', async () => {
  let made = 0;
  const unknown = fakeSql(() => undefined);
  await cachedAnswer(unknown, 'k', async () => `a${++made}`);
  assert.is(await cachedAnswer(unknown, 'k', async () => `a${++made}`), 'a2');
  const sql = fakeSql(() => 1);
  await cachedAnswer(sql, 'k', async () => 'old', 0);
  await cachedAnswer(sql, 'k', async () => 'old', 0);
  assert.is(await cachedAnswer(sql, 'k', async () => 'kept', ANSWER_TTL_MS - 1), 'old', 'kept until the ttl');
  assert.is(await cachedAnswer(sql, 'k', async () => 'fresh', ANSWER_TTL_MS), 'fresh');
  const failed = await cachedAnswer(sql, 'bad', async () => {
    throw new Error('422');
  }).then(
    () => 'resolved',
    (e: Error) => e.message,
  );
  assert.is(failed, '422');
  assert.is(await cachedAnswer(sql, 'bad', async () => 'ok now'), 'ok now');
});

test('when writes end nearly every kept answer, only one read in SAMPLE_EVERY reads the version, until hits come back', async () => {
  let v = 0,
    versionReads = 0,
    made = 0;
  const sql = fakeSql(() => {
    versionReads++;
    return v;
  });
  const make = async () => `answer ${++made}`;
  // A round in which every read follows a write: no hits (the first read keeps nothing and the second finds nothing kept: neither is judged).
  for (let i = 0; i <= JUDGE_EVERY + 1; i++) {
    v++;
    await cachedAnswer(sql, 'k', make);
  }
  assert.ok(keptAnswers(sql).sampling, 'sampling after a round without hits');
  versionReads = 0;
  for (let i = 0; i < 10 * SAMPLE_EVERY; i++) {
    v++;
    await cachedAnswer(sql, 'k', make);
  }
  assert.is(versionReads, 10, 'one version read per SAMPLE_EVERY reads');
  // The writes stop: the samples hit, and after a short round of them (SAMPLE_ROUND) every read looks up again.
  for (let i = 0; i < (SAMPLE_ROUND + 1) * SAMPLE_EVERY; i++) await cachedAnswer(sql, 'k', make);
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

test('a cold cache (nothing kept for the keys read) does not turn sampling on', async () => {
  const sql = fakeSql(() => 1);
  for (let i = 0; i < 3 * JUDGE_EVERY; i++) await cachedAnswer(sql, `new key ${i}`, async () => 'x');
  assert.not.ok(keptAnswers(sql).sampling);
});

test('data version: a declared commit moves only its resources; an undeclared or foreign one moves all', () => {
  let external = 5;
  const dv = dataVersion(() => external);
  const roles = dv.current(['roles']),
    pages = dv.current(['pages']),
    all = dv.current();
  dv.committed(new Set(['pages']));
  assert.is(dv.current(['roles']), roles, 'a page write keeps the roles version');
  assert.is.not(dv.current(['pages']), pages, 'and moves the pages one');
  assert.is.not(dv.current(), all, 'and the version of everything');
  const roles2 = dv.current(['roles']);
  dv.committed(new Set());
  assert.is.not(dv.current(['roles']), roles2, 'a write that declared nothing moves every version');
  const roles3 = dv.current(['roles']);
  external = 6;
  assert.is.not(dv.current(['roles']), roles3, "another connection's commit moves every version");
});

test('snapshots: own and foreign transaction ids completed between two snapshots, and older snapshots', () => {
  const s = (t: string) => parseSnapshot(t)!;
  assert.equal(snapshotChange(s('100:105:100,103'), s('100:105:100,103')), { kind: 'same' });
  assert.equal(snapshotChange(s('100:105:100,103'), s('101:107:103,105')), { kind: 'newer', ids: [100, 106] });
  assert.equal(snapshotChange(s('101:107:103,105'), s('100:105:100,103')), { kind: 'older' }, 'a smaller xmax');
  assert.equal(snapshotChange(s('100:105:103'), s('100:105:100,103')), { kind: 'older' }, '100 completed in the last one, not in this one');
  assert.is(parseSnapshot('not a snapshot'), undefined);
});

test('a version that is read asynchronously (PostgreSQL: a statement) keys the answers the same way', async () => {
  let v: string | undefined = 'snapshot 1';
  let made = 0;
  const sql = { engine: 'postgres', dataVersion: async () => v } as unknown as Sql;
  const make = async () => `answer ${++made}`;
  await cachedAnswer(sql, 'k', make); // a first read keeps nothing
  assert.is(await cachedAnswer(sql, 'k', make), 'answer 2');
  assert.is(await cachedAnswer(sql, 'k', make), 'answer 2');
  v = 'snapshot 2';
  assert.is(await cachedAnswer(sql, 'k', make), 'answer 3');
  v = undefined;
  assert.is(await cachedAnswer(sql, 'k', make), 'answer 4', 'unknown: made afresh');
  v = 'snapshot 2';
  assert.is(await cachedAnswer(sql, 'k', make), 'answer 3', 'the kept one again once the version is known and the same');
});

test("SQLite: a declared commit keeps the versions of other resources; another connection's commit moves them all", async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'answer-cache-'));
  const sql = openSqlite(path.join(dir, 'app.db'));
  try {
    await sql.run('CREATE TABLE t (x INTEGER)');
    const roles = await sql.dataVersion!(['roles']),
      pages = await sql.dataVersion!(['pages']);
    await sql.transaction(async (tx) => {
      tx.declare!(['pages']);
      await tx.run('INSERT INTO t VALUES (1)');
    });
    assert.is(await sql.dataVersion!(['roles']), roles, 'a pages write keeps the roles version');
    assert.is.not(await sql.dataVersion!(['pages']), pages, 'own declared write');
    const undeclared = await sql.dataVersion!(['roles']);
    await sql.run('INSERT INTO t VALUES (2)');
    assert.is.not(await sql.dataVersion!(['roles']), undeclared, 'an autocommit write declares nothing: every version moves');
    const own = await sql.dataVersion!(['roles']);
    const other = new Database(path.join(dir, 'app.db'));
    other.prepare('INSERT INTO t VALUES (3)').run();
    other.close();
    assert.is.not(await sql.dataVersion!(['roles']), own, 'other connection, seen by the next call');
  } finally {
    await sql.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

test.run();
