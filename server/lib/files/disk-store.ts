import * as fsp from 'node:fs/promises';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { FILE_KEY, storeFailure, type FileStore } from './file-store.ts';

/** The file-system calls the disk store makes; a test passes its own to inject a fault (ENOSPC). */
export interface DiskFs {
  mkdir: typeof fsp.mkdir;
  readFile: typeof fsp.readFile;
  rm: typeof fsp.rm;
  stat: typeof fsp.stat;
  writeFile: typeof fsp.writeFile;
  rename: typeof fsp.rename;
}

/**
 * FileStore on the local disk: `<dataDir>/uploads/<key>`. Only keys matching FILE_KEY are read
 * or written, so no key can reach outside uploads/. A file is written under a temporary name
 * beside its target (`.<name>.<random>.tmp`) and renamed into place, so a reader never sees a
 * half-written file; a failed write (ENOSPC, EDQUOT, …) removes the temporary file and throws
 * `StoreUnavailable` (503) for a full or read-only disk. `fs` is for tests (fault injection).
 */
export function diskStore(dataDir: string, fs: DiskFs = fsp): FileStore {
  const root = path.join(dataDir, 'uploads');
  const file = (key: string) => {
    if (!FILE_KEY.test(key)) throw new Error(`file store: bad key ${key}`);
    return path.join(root, key);
  };
  /** Writes `bytes` to `target` through a temporary file; leaves neither file behind on failure. */
  const writeWhole = async (target: string, bytes: Buffer | string) => {
    const temp = path.join(path.dirname(target), `.${path.basename(target)}.${randomUUID()}.tmp`);
    try {
      await fs.mkdir(path.dirname(target), { recursive: true });
      await fs.writeFile(temp, bytes);
      await fs.rename(temp, target);
    } catch (err) {
      await fs.rm(temp, { force: true }).catch(() => undefined);
      throw storeFailure(err);
    }
  };
  return {
    kind: 'disk',
    put: (key, bytes) => writeWhole(file(key), bytes),
    async get(key) {
      if (!FILE_KEY.test(key)) return undefined;
      try {
        return await fs.readFile(file(key));
      } catch {
        return undefined;
      }
    },
    async has(key) {
      if (!FILE_KEY.test(key)) return false;
      try {
        return (await fs.stat(file(key))).isFile();
      } catch {
        return false;
      }
    },
    async remove(keys) {
      for (const key of keys) if (FILE_KEY.test(key)) await fs.rm(file(key), { force: true });
    },
    async probe() {
      const p = path.join(root, `.probe-${randomUUID()}`);
      try {
        await writeWhole(p, 'ok');
      } finally {
        await fs.rm(p, { force: true }).catch(() => undefined);
      }
    },
  };
}
