import { mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { FILE_KEY, type FileStore } from './file-store.ts';

/**
 * FileStore on the local disk: `<dataDir>/uploads/<key>`. Only keys matching FILE_KEY are read
 * or written, so no key can reach outside uploads/. A plain write is enough: every key is random
 * and no one learns its URL before the row naming it is committed.
 */
export function diskStore(dataDir: string): FileStore {
  const root = path.join(dataDir, 'uploads');
  const file = (key: string) => {
    if (!FILE_KEY.test(key)) throw new Error(`file store: bad key ${key}`);
    return path.join(root, key);
  };
  return {
    kind: 'disk',
    async put(key, bytes) {
      const target = file(key);
      await mkdir(path.dirname(target), { recursive: true });
      await writeFile(target, bytes);
    },
    async get(key) {
      if (!FILE_KEY.test(key)) return undefined;
      try { return await readFile(file(key)); } catch { return undefined; }
    },
    async has(key) {
      if (!FILE_KEY.test(key)) return false;
      try { return (await stat(file(key))).isFile(); } catch { return false; }
    },
    async remove(keys) {
      for (const key of keys) if (FILE_KEY.test(key)) await rm(file(key), { force: true });
    },
    async probe() {
      await mkdir(root, { recursive: true });
      const p = path.join(root, `.probe-${randomUUID()}`);
      await writeFile(p, 'ok');
      await rm(p, { force: true });
    },
  };
}
