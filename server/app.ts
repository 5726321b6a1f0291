import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { serveStatic } from '@hono/node-server/serve-static';
import { readFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import type { AppConfig, AppEnv } from './context.ts';
import type { Sql } from './db/sql.ts';
import { ApiError } from './http-error.ts';
import { securityHeaders, xsrf } from './middleware/security.ts';
import { apiRoutes } from './routes/index.ts';
import { recognitionRoutes } from './recognition/routes.ts';

/** Largest request body accepted: a 10 MB spreadsheet plus form fields (DESIGN.md §4). */
export const MAX_BODY = 12 * 1024 * 1024;

/**
 * Envelope status word per HTTP code. Only 401 answers "error": the console sends any GET that
 * answers "error" to /login (admin-area §4), which must mean "not signed in", never "not yours".
 */
const STATUS_WORD: Record<number, string> = {
  401: 'error', 403: 'forbidden', 404: 'not_found', 409: 'conflict', 413: 'too_large', 419: 'xsrf_mismatch',
  422: 'validation_error', 429: 'throttled',
};
const statusWord = (code: number) => STATUS_WORD[code] ?? (code >= 500 ? 'server_error' : 'failed');

/**
 * The whole HTTP application: `/api/*` (main API), `/recognition/*` (photo-recognition API),
 * `/uploads/*` (stored images) and the built console with an index.html fallback for client
 * routes. Every error becomes the envelope here and nowhere else (STYLE.md §6).
 */
export function createApp(sql: Sql, config: AppConfig) {
  const app = new Hono<AppEnv>();
  app.use('*', securityHeaders);
  app.use('*', async (c, next) => { c.set('sql', sql); c.set('config', config); await next(); });

  app.onError((err, c) => {
    if (err instanceof ApiError) {
      return c.json({ status: statusWord(err.status), message: err.message, data: err.data ?? null, ...(err.errors ? { errors: err.errors } : {}) }, err.status as 400);
    }
    console.error(err);
    // SQLite: SQLITE_READONLY / SQLITE_FULL; PostgreSQL: 25006 read-only transaction, 53100 disk full.
    const readOnly = /readonly|read-only|SQLITE_FULL|disk|ENOSPC|no space left/i.test(String((err as Error)?.message))
      || ['25006', '53100'].includes(String((err as { code?: unknown })?.code));
    return c.json({ status: 'server_error', message: readOnly ? 'The database cannot be written right now. Nothing was saved.' : 'Something went wrong.', data: null }, readOnly ? 503 : 500);
  });
  app.notFound((c) => c.json({ status: 'not_found', message: 'Not found.', data: null }, 404));

  const limit = bodyLimit({ maxSize: MAX_BODY, onError: (c) => c.json({ status: 'too_large', message: 'The request is too large.', data: null }, 413) });
  app.use('/api/*', limit, xsrf({ check: true }));
  app.route('/api', apiRoutes);
  app.use('/recognition/*', limit);
  app.route('/recognition', recognitionRoutes);

  app.use('/uploads/*', serveStatic({ root: config.dataDir, onFound: (_p, c) => { c.header('Cache-Control', 'public, max-age=86400'); } }));

  // The console: hashed bundles are immutable; index.html and config.js are always revalidated.
  app.use('*', xsrf({ check: false }));
  app.use('*', serveStatic({
    root: config.staticDir,
    onFound: (p, c) => c.header('Cache-Control', /-[A-Z0-9]{8}\.(js|css)$/.test(p) ? 'public, max-age=31536000, immutable' : 'no-cache'),
  }));
  const indexFile = path.join(config.staticDir, 'index.html');
  app.get('*', (c) => {
    if (c.req.path.startsWith('/api/') || c.req.path.startsWith('/recognition/') || path.extname(c.req.path)) return c.notFound();
    if (!existsSync(indexFile)) return c.text('The console is not built: run `npm run build`.', 503);
    c.header('Cache-Control', 'no-cache');
    return c.html(readFileSync(indexFile, 'utf8'));
  });
  return app;
}
