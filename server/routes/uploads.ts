import type { Context } from 'hono';
import type { AppEnv } from '../http/context.ts';
import { contentTypeOf, FILE_KEY } from '../lib/files/file-store.ts';

/**
 * GET /uploads/<folder>/<name> (DESIGN.md §4): a stored image from the process's FileStore, disk
 * or database alike, with the same headers: its type by extension (the content was checked on
 * upload), cached a day. Names are random and never reused, so the key is a strong ETag and a
 * revalidation (If-None-Match) answers 304 after an existence check, without reading the bytes
 * (from the database, with DATABASE_URL). Anything else: the 404 envelope.
 */
export async function serveUpload(c: Context<AppEnv>) {
  const key = c.req.path.slice('/uploads/'.length);
  if (!FILE_KEY.test(key)) return missing(c);
  const etag = `"${key.replace('/', '-')}"`;
  if (c.req.header('if-none-match') === etag && (await c.get('files').has(key))) return c.body(null, 304, { ETag: etag, 'Cache-Control': CACHE });
  const bytes = await c.get('files').get(key);
  if (!bytes) return missing(c);
  return c.body(new Uint8Array(bytes), 200, {
    'Content-Type': contentTypeOf(key),
    'Content-Length': String(bytes.length),
    'Cache-Control': CACHE,
    ETag: etag,
  });
}

const CACHE = 'public, max-age=86400';
const missing = (c: Context<AppEnv>) => c.json({ status: 'not_found', message: 'Not found.', data: null }, 404);
