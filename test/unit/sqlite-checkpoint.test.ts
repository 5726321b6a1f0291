import { test } from 'uvu';
import * as assert from 'uvu/assert';
import Database from 'better-sqlite3';
import fs, { mkdtempSync, rmSync, statSync } from 'node:fs';
import { syncBuiltinESMExports } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CHECKPOINT_BYTES, startCheckpoints } from '../../server/db/sqlite-checkpoint.ts';

/** A WAL database with automatic checkpoints off, as the serving connection is, holding `bytes` of committed rows. */
function walWith(bytes: number) {
  const dir = mkdtempSync(path.join(tmpdir(), 'ckpt-'));
  const file = path.join(dir, 'app.db');
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('wal_autocheckpoint = 0');
  db.exec('CREATE TABLE t (x TEXT)');
  const ins = db.prepare('INSERT INTO t (x) VALUES (?)');
  const rows = Math.ceil(bytes / 1000);
  db.transaction(() => {
    for (let i = 0; i < rows; i++) ins.run('x'.repeat(1000));
  })();
  return { dir, file, db, rows };
}
const size = (f: string) => statSync(f).size;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Runs `body` while counting the checkpointer's looks at `file`'s log (its `statSync` of the
 * -wal file, counted through node:fs, whose named exports follow `syncBuiltinESMExports`).
 */
async function countingLooks<T>(file: string, body: (looks: () => number) => Promise<T>): Promise<T> {
  const node = fs as { statSync: typeof fs.statSync };
  const real = node.statSync;
  let looks = 0;
  node.statSync = ((p: fs.PathLike, o?: fs.StatSyncOptions) => {
    if (p === `${file}-wal`) looks++;
    return real(p, o);
  }) as typeof fs.statSync;
  syncBuiltinESMExports();
  try {
    return await body(() => looks);
  } finally {
    node.statSync = real;
    syncBuiltinESMExports();
  }
}

test('a log over CHECKPOINT_BYTES is copied into the database file by the checkpointer thread', async () => {
  const { dir, file, db, rows } = walWith(CHECKPOINT_BYTES * 1.5);
  assert.ok(size(file) < 1024 * 1024, 'committed rows wait in the log, not yet in the file');
  const checkpoints = startCheckpoints(file, 50);
  try {
    for (let i = 0; i < 100 && size(file) < CHECKPOINT_BYTES; i++) await sleep(50);
    assert.ok(size(file) >= CHECKPOINT_BYTES, `database file ${size(file)} bytes after the checkpoint`);
    assert.is((db.prepare('SELECT COUNT(*) AS n FROM t').get() as { n: number }).n, rows);
  } finally {
    await checkpoints.stop();
    db.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a small log is left alone: no thread, nothing copied', async () => {
  const { dir, file, db } = walWith(100_000);
  const before = size(file);
  await countingLooks(file, async (looks) => {
    const checkpoints = startCheckpoints(file, 20);
    try {
      // Ten looks at the log, each of which found it small.
      for (let i = 0; i < 500 && looks() < 10; i++) await sleep(20);
      assert.ok(looks() >= 10, `the log was looked at ${looks()} times`);
      assert.is(size(file), before);
    } finally {
      await checkpoints.stop();
      db.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

test('the checkpointer thread ends once it has been idle', async () => {
  const { dir, file, db, rows } = walWith(CHECKPOINT_BYTES * 1.5);
  const checkpoints = startCheckpoints(file, 20, 200);
  try {
    for (let i = 0; i < 200 && size(file) < CHECKPOINT_BYTES; i++) await sleep(20);
    assert.ok(size(file) >= CHECKPOINT_BYTES, `database file ${size(file)} bytes after the checkpoint`);
    assert.ok(checkpoints.threadAlive(), 'a thread made the checkpoint');
    // The log restarts with the next write after a complete checkpoint, cut back to the limit the serving connection sets.
    db.pragma('journal_size_limit = 1048576');
    let written = 0;
    for (let i = 0; i < 200 && checkpoints.threadAlive(); i++) {
      if (size(`${file}-wal`) > CHECKPOINT_BYTES) {
        db.prepare('INSERT INTO t (x) VALUES (?)').run('y');
        written++;
      }
      await sleep(20);
    }
    assert.ok(size(`${file}-wal`) <= CHECKPOINT_BYTES, 'the log restarted small');
    assert.is(checkpoints.threadAlive(), false, 'the thread ended after being idle');
    assert.is((db.prepare('SELECT COUNT(*) AS n FROM t').get() as { n: number }).n, rows + written);
  } finally {
    await checkpoints.stop();
    db.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

test.run();
