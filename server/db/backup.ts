import Database from 'better-sqlite3';
import { chmodSync, cpSync, existsSync, mkdirSync, readdirSync, renameSync, rmSync, writeFileSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Online backup and restore of the embedded store (README "Backup and restore"): the SQLite
 * database through SQLite's backup API, which copies a consistent snapshot page by page while
 * the server goes on reading and writing (every transaction committed before the copy's last
 * step is in it, none half), and the uploaded files (`DATA_DIR/uploads/`). A plain copy of
 * `app.db` is not a backup: with WAL most recent commits live in `app.db-wal` until a checkpoint.
 *
 * A backup is a folder: `app.db`, `uploads/` (when there are any) and `backup.json`
 * `{ format: 1, created_at: ISO 8601, schema: latest migration id, files: number }`. It holds
 * personal data, password hashes and the sealed SMTP password and authenticator secrets, so only
 * its owner may read it: the folder and every folder in it mode 0700, every file 0600 (the key
 * that opens the sealed secrets, DATA_DIR/two-step.key or TWO_STEP_KEY, is not in it).
 * PostgreSQL is backed up with `pg_dump` (README); these functions are for the SQLite default.
 */

/** What a backup holds, as written to its backup.json. */
export interface BackupManifest {
  format: 1;
  created_at: string;
  schema: string;
  files: number;
}

/** A backup or restore that cannot be done, with the reason in plain words. */
export class BackupError extends Error {}

const DB = 'app.db';
const MANIFEST = 'backup.json';

/** Folders of a backup: only the owner may list or enter them. */
export const BACKUP_DIR_MODE = 0o700;
/** Files of a backup: only the owner may read or write them. */
export const BACKUP_FILE_MODE = 0o600;

/** Sets BACKUP_DIR_MODE on `dir` and every folder under it, BACKUP_FILE_MODE on every file (whatever modes the copies brought). */
function ownerOnly(dir: string) {
  chmodSync(dir, BACKUP_DIR_MODE);
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) ownerOnly(p);
    else if (e.isFile()) chmodSync(p, BACKUP_FILE_MODE);
  }
}

/** Counts the files under `dir` (0 when it does not exist). */
const countFiles = (dir: string) => (existsSync(dir) ? readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).length : 0);

/**
 * Backs up `dataDir` into the new folder `target` (it must not exist or be empty), while the
 * server may be running. The folder is made owner-only (0700) before anything is written into it,
 * and every folder in it 0700, every file 0600 once written. Resolves to the manifest. Throws
 * BackupError when there is no database.
 */
export async function backup(dataDir: string, target: string): Promise<BackupManifest> {
  const source = path.join(dataDir, DB);
  if (!existsSync(source)) throw new BackupError(`No database at ${source}: nothing to back up.`);
  if (existsSync(target) && readdirSync(target).length > 0) throw new BackupError(`${target} is not empty: name a new folder.`);
  mkdirSync(target, { recursive: true, mode: BACKUP_DIR_MODE });
  chmodSync(target, BACKUP_DIR_MODE); // an empty folder that was there, or a umask that took bits away
  const db = new Database(source, { readonly: true, fileMustExist: true });
  db.pragma('busy_timeout = 5000');
  try {
    await db.backup(path.join(target, DB));
  } finally {
    db.close();
  }
  // Files are written before the row that names them and removed after it is gone, so copying
  // them after the database snapshot keeps every file a row of the snapshot names.
  const uploads = path.join(dataDir, 'uploads');
  if (existsSync(uploads)) cpSync(uploads, path.join(target, 'uploads'), { recursive: true, filter: (f) => !path.basename(f).startsWith('.tmp-') });
  const copy = new Database(path.join(target, DB), { readonly: true });
  let manifest: BackupManifest;
  try {
    manifest = { format: 1, created_at: new Date().toISOString(), schema: latestMigration(copy), files: countFiles(path.join(target, 'uploads')) };
  } finally {
    copy.close();
  }
  writeFileSync(path.join(target, MANIFEST), JSON.stringify(manifest, null, 2) + '\n', { mode: BACKUP_FILE_MODE });
  ownerOnly(target);
  return manifest;
}

/**
 * Throws BackupError when another process (a running server) has the database open: an
 * exclusive lock is refused while any other connection holds the WAL's shared memory.
 */
function assertNotInUse(file: string) {
  if (!existsSync(file)) return;
  const db = new Database(file, { fileMustExist: true });
  try {
    db.pragma('busy_timeout = 200');
    db.pragma('locking_mode = EXCLUSIVE');
    db.exec('BEGIN EXCLUSIVE; COMMIT;');
  } catch {
    throw new BackupError(`${file} is in use: stop the server before restoring.`);
  } finally {
    db.close();
  }
}

/** The latest migration id recorded in a database ('' when it has none). */
function latestMigration(db: Database.Database): string {
  try {
    return (db.prepare('SELECT MAX(id) AS id FROM schema_migrations').get() as { id: string | null }).id ?? '';
  } catch {
    return '';
  }
}

/**
 * Restores the backup folder `source` into `dataDir`; the server must be stopped. The backup is
 * checked first (manifest, SQLite integrity); the current database and uploads are moved aside
 * to `dataDir/before-restore-<time>/`, never deleted. Resolves to the restored manifest.
 */
export async function restore(source: string, dataDir: string): Promise<BackupManifest & { kept: string | null }> {
  const manifestFile = path.join(source, MANIFEST);
  if (!existsSync(manifestFile) || !existsSync(path.join(source, DB))) throw new BackupError(`${source} is not a backup folder (no ${MANIFEST} or ${DB}).`);
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as BackupManifest;
  if (manifest.format !== 1) throw new BackupError(`${source} has backup format ${String(manifest.format)}; this version reads format 1.`);
  const check = new Database(path.join(source, DB), { readonly: true });
  try {
    const ok = check.pragma('integrity_check', { simple: true });
    if (ok !== 'ok') throw new BackupError(`The backup's database failed SQLite's integrity check: ${String(ok)}.`);
  } finally {
    check.close();
  }
  mkdirSync(dataDir, { recursive: true });
  assertNotInUse(path.join(dataDir, DB));
  let kept: string | null = null;
  const current = [DB, `${DB}-wal`, `${DB}-shm`, 'uploads'].filter((f) => existsSync(path.join(dataDir, f)));
  if (current.length) {
    kept = path.join(dataDir, `before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`);
    mkdirSync(kept);
    for (const f of current) renameSync(path.join(dataDir, f), path.join(kept, f));
  }
  cpSync(path.join(source, DB), path.join(dataDir, DB));
  if (existsSync(path.join(source, 'uploads'))) cpSync(path.join(source, 'uploads'), path.join(dataDir, 'uploads'), { recursive: true });
  rmSync(path.join(dataDir, `${DB}-wal`), { force: true });
  return { ...manifest, kept };
}
