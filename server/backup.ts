import { backup, BackupError, restore } from './db/backup.ts';
import { log } from './runtime/log.ts';

/**
 * `npm run backup -- <folder>` and `npm run restore -- <folder>` (README "Backup and restore"):
 * an online backup of DATA_DIR (default `data`) into a new folder, or, with the server stopped,
 * a restore from one (the current files moved aside, never deleted). SQLite only: with
 * DATABASE_URL, PostgreSQL is backed up with pg_dump. Prints JSON lines; exit code 1 on failure.
 */
const [mode, folder] = process.argv.slice(2);
const dataDir = process.env.DATA_DIR?.trim() || 'data';
try {
  if ((mode !== 'backup' && mode !== 'restore') || !folder) throw new BackupError('Usage: npm run backup -- <new folder> | npm run restore -- <backup folder>');
  if (process.env.DATABASE_URL?.trim())
    throw new BackupError('DATABASE_URL is set: back up PostgreSQL with pg_dump and restore with pg_restore (README "Backup and restore").');
  if (mode === 'backup') {
    const m = await backup(dataDir, folder);
    log.info({ folder, ...m }, `Backed up ${dataDir} into ${folder} (schema ${m.schema}, ${m.files} uploaded files).`);
  } else {
    const m = await restore(folder, dataDir);
    log.info(
      { folder, ...m },
      `Restored ${folder} into ${dataDir}${m.kept ? `; the previous files are in ${m.kept}` : ''}. Start the server to apply newer migrations.`,
    );
  }
} catch (err) {
  if (err instanceof BackupError) log.fatal(err.message);
  else log.fatal({ err }, `The ${mode ?? 'backup'} failed.`);
  process.exitCode = 1;
}
