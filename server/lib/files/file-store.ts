/**
 * Where stored images live (DESIGN.md §4 "stored … and served back by URL"): one interface, two
 * homes. `disk` keeps files under `<dataDir>/uploads/` (the default, one process); `database`
 * keeps them in the `stored_files` table, so every API process on one PostgreSQL serves every
 * image (chosen automatically with DATABASE_URL, start.ts).
 *
 * Keys are `<folder>/<name>.<ext>` as minted by images.ts (`events/3f2c….png`); the public URL is
 * `/uploads/<key>`. Content checks (type by content, 2 MB) happen before `put`, in images.ts, so
 * both homes hold the same kind of bytes and app.ts serves them with the same headers.
 */
export interface FileStore {
  readonly kind: 'disk' | 'database';
  /** Stores `bytes` under `key`, replacing any file there. */
  put(key: string, bytes: Buffer): Promise<void>;
  /** The bytes under `key`, or undefined when there is none. */
  get(key: string): Promise<Buffer | undefined>;
  /** Whether a file is stored under `key`, without reading it. */
  has(key: string): Promise<boolean>;
  /** Removes the files under `keys`; missing ones are no error. */
  remove(keys: string[]): Promise<void>;
  /** Writes and removes a probe (GET /api/health); throws when the store cannot be written. */
  probe(): Promise<void>;
}

/** A key images.ts mints: a plain folder name, a random name, a known image extension. */
export const FILE_KEY = /^[a-z0-9-]+\/[\w-]+\.(?:png|jpg|webp)$/;

/** Content-Type of a stored image by its key's extension. */
export const contentTypeOf = (key: string) => (key.endsWith('.png') ? 'image/png' : key.endsWith('.webp') ? 'image/webp' : 'image/jpeg');

/** The store key of a public `/uploads/…` URL, or null for '' or anything else. */
export function keyOfUrl(url: string): string | null {
  const key = url.startsWith('/uploads/') ? url.slice('/uploads/'.length) : '';
  return FILE_KEY.test(key) ? key : null;
}

/**
 * A file write the disk refused for want of space or write access: ENOSPC (disk full), EDQUOT
 * (quota of the file system), EROFS (read-only), EIO. Nothing was stored (the partial file is
 * removed); the API answers 503 with `Retry-After` (http/error-envelope.ts).
 */
export class StoreUnavailable extends Error {
  constructor(
    readonly code: string,
    override readonly cause?: unknown,
  ) {
    super(`file store cannot be written: ${code}`);
    this.name = 'StoreUnavailable';
  }
}

const UNWRITABLE = new Set(['ENOSPC', 'EDQUOT', 'EROFS', 'EIO']);

/** `err` as a `StoreUnavailable` when its code says the disk cannot take the write; otherwise unchanged. */
export function storeFailure(err: unknown): unknown {
  const code = String((err as { code?: unknown })?.code ?? '');
  return UNWRITABLE.has(code) ? new StoreUnavailable(code, err) : err;
}
