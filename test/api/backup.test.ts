import { test } from 'uvu';
import * as assert from 'uvu/assert';
import Database from 'better-sqlite3';
import { execFile } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync, writeFileSync, mkdirSync, existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { spawnServer } from './child-server.ts';

// README "Backup and restore": an online backup taken while rows are being committed holds every
// row committed before it started, and the restore procedure (stop, restore, start) gives a
// server that answers with them. SQLite only (PostgreSQL: pg_dump), so this file runs on SQLite.
const ROOT = path.resolve(import.meta.dirname, '../..');
const tool = (args: string[], env: Record<string, string>) =>
  new Promise<{ code: number; out: string }>((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', 'server/backup.ts', ...args],
      { cwd: ROOT, env: { ...process.env, DATABASE_URL: '', ...env } },
      (err, stdout, stderr) => resolve({ code: err ? Number((err as { code?: number }).code ?? 1) : 0, out: stdout + stderr }),
    );
  });

const work = mkdtempSync(path.join(tmpdir(), 'backup-'));
test.after(() => rmSync(work, { recursive: true, force: true }));

test('a backup taken under writes holds every committed row, and restoring it gives a working server', async () => {
  const dataDir = path.join(work, 'live');
  const server = await spawnServer({ DATA_DIR: dataDir, DATABASE_URL: '', TEST_DATABASE_URL: '' });
  mkdirSync(path.join(dataDir, 'uploads'), { recursive: true });
  writeFileSync(path.join(dataDir, 'uploads', 'logo-probe.png'), 'probe');
  const writer = new Database(path.join(dataDir, 'app.db'));
  writer.pragma('busy_timeout = 5000');
  writer.exec('CREATE TABLE backup_probe (id INTEGER PRIMARY KEY, at INTEGER NOT NULL)');
  const insert = writer.prepare('INSERT INTO backup_probe (at) VALUES (?)');
  let committed = 0,
    writing = true;
  const writes = (async () => {
    while (writing) {
      insert.run(Date.now());
      committed++;
      await new Promise((r) => setImmediate(r));
    }
  })();
  while (committed < 200) await new Promise((r) => setTimeout(r, 5));
  const before = committed; // every row up to here is committed before the backup starts
  const target = path.join(work, 'backup-1');
  const made = await tool(['backup', target], { DATA_DIR: dataDir });
  writing = false;
  await writes;
  writer.close();
  assert.is(made.code, 0, made.out);
  for (const line of made.out.trim().split('\n')) JSON.parse(line);

  const copy = new Database(path.join(target, 'app.db'), { readonly: true });
  const { n, max } = copy.prepare('SELECT COUNT(*) AS n, MAX(id) AS max FROM backup_probe').get() as { n: number; max: number };
  copy.close();
  assert.ok(n >= before, `the backup holds ${n} rows; ${before} were committed before it started`);
  assert.is(n, max, 'no row is missing in between: one consistent snapshot');
  const manifest = JSON.parse(readFileSync(path.join(target, 'backup.json'), 'utf8'));
  assert.is(manifest.files, 1);

  // Restoring over the live folder is refused while the server runs.
  const refused = await tool(['restore', target], { DATA_DIR: dataDir });
  assert.is(refused.code, 1);
  assert.match(refused.out, 'stop the server before restoring');
  await server.stop();

  // The procedure: stop, restore, start, check health.
  const restored = await tool(['restore', target], { DATA_DIR: dataDir });
  assert.is(restored.code, 0, restored.out);
  assert.match(restored.out, 'before-restore-');
  const again = await spawnServer({ DATA_DIR: dataDir, DATABASE_URL: '', TEST_DATABASE_URL: '' });
  try {
    assert.is((await fetch(`${again.url}/api/health`)).status, 200);
  } finally {
    await again.stop();
  }
  const db = new Database(path.join(dataDir, 'app.db'), { readonly: true });
  assert.is((db.prepare('SELECT COUNT(*) AS n FROM backup_probe').get() as { n: number }).n, n);
  db.close();
  assert.ok(existsSync(path.join(dataDir, 'uploads', 'logo-probe.png')));
});

test("a backup is its owner's only: the folder and its folders 0700, every file 0600 (uploads included); the two-step key is not in it", async () => {
  const dataDir = path.join(work, 'modes');
  mkdirSync(path.join(dataDir, 'uploads', 'settings'), { recursive: true });
  const db = new Database(path.join(dataDir, 'app.db'));
  db.exec('CREATE TABLE schema_migrations (id TEXT PRIMARY KEY, applied_at BIGINT NOT NULL)');
  db.close();
  // Modes as a server with umask 022 leaves them: readable by everyone.
  writeFileSync(path.join(dataDir, 'uploads', 'settings', 'logo.png'), 'logo', { mode: 0o644 });
  chmodSync(path.join(dataDir, 'uploads', 'settings'), 0o755);
  writeFileSync(path.join(dataDir, 'two-step.key'), `${Buffer.alloc(32, 3).toString('base64')}\n`, { mode: 0o600 });
  // An empty folder that is already there, open to everyone, is made the owner's too.
  const target = path.join(work, 'backup-modes');
  mkdirSync(target, { mode: 0o777 });
  chmodSync(target, 0o777);
  const made = await tool(['backup', target], { DATA_DIR: dataDir });
  assert.is(made.code, 0, made.out);
  const mode = (p: string) => (statSync(p).mode & 0o777).toString(8);
  const seen: Record<string, string> = {};
  const walk = (dir: string) => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, e.name);
      seen[path.relative(target, p)] = mode(p);
      if (e.isDirectory()) walk(p);
    }
  };
  walk(target);
  assert.is(mode(target), '700');
  assert.equal(seen, {
    'app.db': '600',
    'backup.json': '600',
    uploads: '700',
    [path.join('uploads', 'settings')]: '700',
    [path.join('uploads', 'settings', 'logo.png')]: '600',
  });
});

test('a backup into a folder that is not empty, or of a folder without a database, is refused in plain words', async () => {
  const r1 = await tool(['backup', path.join(work, 'backup-1')], { DATA_DIR: path.join(work, 'live') });
  assert.is(r1.code, 1);
  assert.match(r1.out, 'is not empty');
  const r2 = await tool(['backup', path.join(work, 'backup-2')], { DATA_DIR: path.join(work, 'nothing-here') });
  assert.is(r2.code, 1);
  assert.match(r2.out, 'nothing to back up');
});

test.run();
