import { randomUUID } from 'node:crypto';
import type { Sql } from '../../db/sql.ts';
import { getFile, hasFile, putFile, removeFiles } from '../../db/queries/stored-files.ts';
import { FILE_KEY, type FileStore } from './file-store.ts';

/** Thrown out of the health probe's transaction so the probe row is never committed. */
class ProbeRollback extends Error {}

/**
 * FileStore in the `stored_files` table of the API's own database (migration 002): used with
 * DATABASE_URL so every process on that PostgreSQL serves every image. Works on SQLite too
 * (tests, FILE_STORE=database). Images are at most 2 MB (images.ts), one row each.
 */
export function databaseStore(sql: Sql): FileStore {
  return {
    kind: 'database',
    async put(key, bytes) {
      if (!FILE_KEY.test(key)) throw new Error(`file store: bad key ${key}`);
      await putFile(sql, key, bytes);
    },
    get: (key) => (FILE_KEY.test(key) ? getFile(sql, key) : Promise.resolve(undefined)),
    has: (key) => (FILE_KEY.test(key) ? hasFile(sql, key) : Promise.resolve(false)),
    remove: (keys) =>
      removeFiles(
        sql,
        keys.filter((k) => FILE_KEY.test(k)),
      ),
    async probe() {
      try {
        await sql.transaction(async (tx) => {
          await putFile(tx, `health/${randomUUID()}.png`, Buffer.from('probe'));
          throw new ProbeRollback();
        });
      } catch (err) {
        if (!(err instanceof ProbeRollback)) throw err;
      }
    },
  };
}
