import type { Context } from 'hono';
import type { AppEnv } from '../context.ts';
import { contentTypeOf, FILE_KEY } from '../lib/files/file-store.ts';

/**
 * GET /uploads/<folder>/<name> (DESIGN.md §4): a stored image from the process's FileStore, disk
 * or database alike, with the same headers: its type by extension (the content was checked on
 * upload), cached a day (names are random and never reused). Anything else: the 404 envelope.
 */
export async function serveUpload(c: Context<AppEnv>) {
  const key = c.req.path.slice('/uploads/'.length);
  const bytes = FILE_KEY.test(key) ? await c.var.files.get(key) : undefined;
  if (!bytes) return c.json({ status: 'not_found', message: 'Not found.', data: null }, 404);
  return c.body(new Uint8Array(bytes), 200, {
    'Content-Type': contentTypeOf(key), 'Content-Length': String(bytes.length), 'Cache-Control': 'public, max-age=86400',
  });
}
