import { Hono, type MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { AppConfig, AppEnv } from './context.ts';
import type { Sql } from './db/sql.ts';
import { errorEnvelope, errorResponse } from './lib/http/error-envelope.ts';
import { finishBody, noSourceMaps, noStore, saneUrl, securityHeaders, withBody, xsrf } from './middleware/security.ts';
import { apiRoutes } from './routes/index.ts';
import { recognitionRoutes } from './recognition/routes.ts';
import type { FileStore } from './lib/files/file-store.ts';
import { diskStore } from './lib/files/disk-store.ts';
import { requestLog } from './middleware/request-log.ts';
import { requestId } from 'hono/request-id';
import type { Logger } from 'pino';
import { log } from './lib/runtime/log.ts';
import { health } from './routes/health.ts';
import { serveUpload } from './routes/uploads.ts';
import { idleMailer, type Mailer } from './lib/mail/sender.ts';
import { consoleFiles, consolePage } from './routes/console.ts';
import { sessionCache } from './lib/auth/session-cache.ts';
import { openApiDocument, openApiHtml } from './lib/http/openapi.ts';

/** Methods that never write: they leave the session cache as it is. */
const READS = new Set(['GET', 'HEAD', 'OPTIONS']);
import { activityLog } from './lib/activity/activity.ts';

/** Stands in for the activity log when a bench measures its cost (AppConfig.activityLog false). */
const noAudit: MiddlewareHandler = (_c, next) => next();

/** Message of the 503 answered while a fresh start still seeds (issue 19 item 4). */
export const STARTING = 'The server is starting. Try again in a moment.';

/** Largest request body accepted: a 10 MB spreadsheet plus form fields (DESIGN.md §4). */
export const MAX_BODY = 12 * 1024 * 1024;

/**
 * The whole HTTP application: `/api/*` (main API), `/recognition/*` (photo-recognition API),
 * `/uploads/*` (stored images) and the built console with an index.html fallback for client
 * routes. Every error becomes the envelope here and nowhere else (STYLE.md §6).
 * `files` holds the stored images (disk under config.dataDir unless given); `opts.log` gets
 * one JSON line per request (middleware/request-log.ts), off when omitted; `opts.mailer` the outbox
 * sender routes wake after queueing e-mail (lib/mail/sender.ts), idle when omitted. Every request gets an
 * id (the client's `X-Request-Id` when it is 1–64 word characters, else a random UUID), answered
 * as `X-Request-Id` and carried by its log lines, errors included. `opts.starting` (a start that
 * listens before it seeds, start.ts): until it settles every `/api/*` and `/recognition/*` call but
 * `GET /api/ping` answers 503 with `Retry-After: 1` (STARTING); the console's files are served.
 */
export function createApp(sql: Sql, config: AppConfig, files: FileStore = diskStore(config.dataDir), opts: { log?: Logger; mailer?: Mailer; starting?: Promise<unknown> } = {}) {
  const app = new Hono<AppEnv>();
  app.use('*', requestId({ limitLength: 64 }));
  const mailer = opts.mailer ?? idleMailer;
  if (opts.log) app.use('*', requestLog(opts.log));
  app.use('*', securityHeaders);
  const sessions = sessionCache();
  app.use('*', async (c, next) => {
    c.set('sql', sql); c.set('config', config); c.set('files', files); c.set('mailer', mailer); c.set('sessions', sessions);
    try {
      await next();
    } finally {
      // Whatever a writing request changed (sessions, roles, organisers) holds from the next request on.
      if (!READS.has(c.req.method)) sessions.forget();
    }
  });

  app.onError((err, c) => errorResponse(c, err));
  app.notFound((c) => errorEnvelope(c, 404, 'Not found.'));

  if (opts.starting) {
    let started = false;
    opts.starting.then(() => { started = true; }, () => undefined);
    const gate: MiddlewareHandler<AppEnv> = async (c, next) => {
      if (started || c.req.path === '/api/ping') return next();
      const res = errorEnvelope(c, 503, STARTING);
      res.headers.set('Retry-After', '1'); // a start is over in a second, not the envelope's usual 5
      return res;
    };
    app.use('/api/*', gate);
    app.use('/recognition/*', gate);
  }
  const limit = withBody(bodyLimit({ maxSize: MAX_BODY, onError: (c) => errorEnvelope(c, 413, 'The request is too large.') }));
  const audit = config.activityLog === false ? noAudit : activityLog;
  app.use('/api/*', noStore, finishBody(MAX_BODY), saneUrl, limit, xsrf({ check: true }), audit);
  app.get('/api/health', health);
  app.route('/api', apiRoutes);
  // The OpenAPI 3.1 document of every route registered here (lib/http/openapi.ts), built at its first
  // request (every route is registered by then), and its readable reference page. Public: the API's description, no data.
  let doc: Record<string, unknown> | undefined;
  const document = () => (doc ??= openApiDocument(app.routes));
  app.get('/api/openapi.json', (c) => c.json(document()));
  app.get('/api/docs', (c) => c.html(openApiHtml(document())));
  app.use('/recognition/*', noStore, finishBody(MAX_BODY), saneUrl, limit, xsrf({ check: true }), audit);
  app.route('/recognition', recognitionRoutes);

  app.get('/uploads/*', serveUpload);

  // The console (routes/console.ts): compressed twins by Accept-Encoding; hashed bundles
  // immutable; index.html, config.js and the other unhashed files always revalidated.
  app.use('*', noSourceMaps, xsrf({ check: false }));
  if (!existsSync(config.staticDir)) log.warn({ static_dir: config.staticDir }, 'The console is not built: run `npm run build`.');
  app.use('*', ...consoleFiles(config.staticDir));
  const page = consolePage(config.staticDir);
  app.get('*', (c) => {
    if (c.req.path.startsWith('/api/') || c.req.path.startsWith('/recognition/') || path.extname(c.req.path)) return c.notFound();
    return page(c);
  });
  return app;
}
