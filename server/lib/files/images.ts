import { randomUUID } from 'node:crypto';
import { Invalid } from '../../runtime/domain-errors.ts';
import { keyOfUrl, type FileStore } from './file-store.ts';
import { log } from '../../runtime/log.ts';
import { withinQuota } from './quota.ts';
import type { Sql } from '../../db/sql.ts';

/**
 * Images sent as data URLs (DESIGN.md §4: event logos, campaign logos, templates): PNG, JPEG or
 * WebP only, recognised by their first bytes (the declared type is not trusted), at most 2 MB
 * decoded, kept in the process's FileStore (files/file-store.ts: disk or database) and served back
 * by app.ts at `/uploads/<folder>/<name>`.
 *
 * Two steps so a route can validate before any write (STYLE.md §6):
 *   const logo = decodeImage(body.event_logo, 'event_logo');     // 422 on `event_logo`, or null for none
 *   const url = logo ? await storeImage(c.get('files'), logo, 'events') : '';
 *   try { ...insert in one transaction... } catch (e) { await removeStoredImage(c.get('files'), url); throw e; }
 */

/** Largest image accepted, decoded bytes (DESIGN.md §4). */
export const IMAGE_MAX_BYTES = 2 * 1024 * 1024;

/** A checked image: its bytes and the extension its content says. */
export interface DecodedImage {
  bytes: Buffer;
  ext: 'png' | 'jpg' | 'webp';
}

const DATA_URL = /^data:([\w.+-]+\/[\w.+-]+)?(;[\w-]+=[^;,]*)*;base64,/i;

/** The image type of `b` by its magic bytes, or null. */
export function sniffImage(b: Buffer): DecodedImage['ext'] | null {
  if (b.length >= 8 && b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'jpg';
  if (b.length >= 12 && b.toString('latin1', 0, 4) === 'RIFF' && b.toString('latin1', 8, 12) === 'WEBP') return 'webp';
  return null;
}

/**
 * Checks a data-URL image field. Returns null when the value means "no image": missing, empty,
 * or blank (organiser-console §5: the console sends a single space when there is no logo).
 * Throws a 422 `validation_error` on `field` when it is not a base64 data URL, not PNG/JPEG/WebP
 * by content, or larger than 2 MB. Writes nothing.
 */
export function decodeImage(value: unknown, field: string): DecodedImage | null {
  if (value == null || (typeof value === 'string' && value.trim() === '')) return null;
  const label = field.replaceAll('_', ' ');
  const fail = (m: string) => new Invalid({ [field]: [m] });
  if (typeof value !== 'string') throw fail(`The ${label} must be an image sent as a data URL.`);
  const head = DATA_URL.exec(value);
  if (!head) throw fail(`The ${label} must be an image sent as a data URL.`);
  const payload = value.slice(head[0].length).replace(/\s+/g, '');
  // base64 is 4 characters per 3 bytes: refuse oversize input before decoding it.
  if (payload.length > Math.ceil(IMAGE_MAX_BYTES / 3) * 4 + 4) throw fail(`The ${label} may not be greater than 2 MB.`);
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(payload)) throw fail(`The ${label} must be an image sent as a data URL.`);
  const bytes = Buffer.from(payload, 'base64');
  if (bytes.length > IMAGE_MAX_BYTES) throw fail(`The ${label} may not be greater than 2 MB.`);
  const ext = sniffImage(bytes);
  if (!ext) throw fail(`The ${label} must be a PNG, JPEG or WebP image.`);
  return { bytes, ext };
}

/**
 * Stores a checked image in `files` under `<folder>/<random>.<ext>` and resolves to its public
 * URL, e.g. "/uploads/events/3f2c….png". `folder` is a plain name such as "events".
 */
export async function storeImage(files: FileStore, image: DecodedImage, folder: string): Promise<string> {
  if (!/^[a-z0-9-]+$/.test(folder)) throw new Error(`storeImage: bad folder ${folder}`);
  const key = `${folder}/${randomUUID()}.${image.ext}`;
  await files.put(key, image.bytes);
  return `/uploads/${key}`;
}

/**
 * Removes the files stored by `storeImage` behind `urls` (public URLs); ignores '' and anything
 * that is not an `/uploads/` URL (external links). Runs after the rows naming them are gone.
 */
export async function removeStoredImage(files: FileStore, ...urls: string[]): Promise<void> {
  const keys = urls.map(keyOfUrl).filter((k): k is string => k !== null);
  if (keys.length) await files.remove(keys);
}

/**
 * Removes the stored images of rows already deleted (an organiser, event, campaign or template
 * and what went with it). The delete is committed by then, so a store that fails here is
 * logged, not answered: the user's delete did happen, and the orphan is only disk or table space.
 */
export async function removeLeftovers(files: FileStore, urls: string[]): Promise<void> {
  try {
    await removeStoredImage(files, ...urls);
  } catch (err) {
    log.error({ err }, 'removing stored images failed');
  }
}

/**
 * Stores `logo` (a data URL or ''/' ': none; 422 on `field` when it is not a PNG/JPEG/WebP ≤ 2 MB),
 * then runs `write(tx, url, bytes)` in one transaction within company `companyId`'s quota. The stored
 * file is removed again when the write fails. Resolves to what `write` resolves to and the URL ('' for none).
 */
export async function withStoredImage<T>(
  sql: Sql,
  files: FileStore,
  companyId: number,
  logo: unknown,
  field: string,
  folder: string,
  write: (tx: Sql, url: string, bytes: number) => Promise<T>,
): Promise<{ result: T; url: string }> {
  const image = decodeImage(logo, field);
  const url = image ? await storeImage(files, image, folder) : '';
  try {
    const result = await sql.transaction((tx) => withinQuota(tx, companyId, field, () => write(tx, url, image?.bytes.length ?? 0)));
    return { result, url };
  } catch (err) {
    await removeStoredImage(files, url);
    throw err;
  }
}
