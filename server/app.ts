import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { AppConfig, AppEnv } from './http/context.ts';
import type { Sql } from './db/sql.ts';
import { errorEnvelope, errorResponse } from './http/error-envelope.ts';
import { checkUrl, checkXsrf, finishBody, noSourceMaps, withBody } from './http/middleware/security.ts';
import { front } from './http/middleware/front.ts';
import type { Metrics } from './http/metrics.ts';
import { apiRoutes } from './routes/index.ts';
import { recognitionRoutes } from './recognition/routes.ts';
import type { FileStore } from './lib/files/file-store.ts';
import { diskStore } from './lib/files/disk-store.ts';
import type { Logger } from 'pino';
import { log } from './runtime/log.ts';
import { health } from './routes/health.ts';
import { serveUpload } from './routes/uploads.ts';
import { idleMailer, type Mailer } from './lib/mail/sender.ts';
import { consoleFiles, consolePage, isPageFile } from './routes/console.ts';
import { sessionCache } from './lib/auth/session-cache.ts';
import { openApiDocument, openApiHtml } from './http/openapi.ts';
import { sessionActivity } from './http/middleware/session-activity.ts';
import { carriesApiToken } from './http/middleware/auth.ts';
import { KeptMatchRouter } from './http/kept-router.ts';

/** Stands in for the sign-in, sign-out and export rows when a bench measures the log's cost (AppConfig.activityLog false). */
const noAudit: MiddlewareHandler<AppEnv> = (_c, next) => next();

/**
 * Middleware run one after another as one layer, as Hono's own dispatch runs them: each one's
 * `next` starts the following one (the last one's is the caller's `next`); an error thrown at
 * any of them becomes its answer there (`onError`), so the ones before still finish after it.
 * Nothing is awaited: a step's promise gets its answer in a callback, and a step that answers
 * synchronously (a check that throws, a Response) costs no promise turn of its own.
 */
function chain(mws: MiddlewareHandler<AppEnv>[], onError: (err: Error, c: Context<AppEnv>) => Response | Promise<Response>): MiddlewareHandler<AppEnv> {
  return (c, next) => {
    const answered = (res?: Response) => {
      if (res && !c.finalized) c.res = res;
    };
    const failed = (err: unknown): void | Promise<void> => {
      if (!(err instanceof Error)) throw err;
      c.error = err;
      const res = onError(err, c);
      if (res instanceof Promise)
        return res.then((r) => {
          c.res = r;
        });
      c.res = res;
    };
    const dispatch = (i: number): Promise<void> => {
      let out: ReturnType<MiddlewareHandler<AppEnv>>;
      try {
        out = i < mws.length ? mws[i](c, () => dispatch(i + 1)) : next();
      } catch (err) {
        return Promise.resolve(failed(err));
      }
      if (out instanceof Promise) return out.then((res) => answered(res || undefined), failed);
      answered(out || undefined);
      return Promise.resolve();
    };
    return dispatch(0);
  };
}

/** saneUrl and xsrf({ check: true }) as steps that await nothing: their checks are synchronous. */
const urlCheck: MiddlewareHandler<AppEnv> = (c, next) => {
  checkUrl(c);
  return next();
};
// A call with an API token needs no XSRF cookie: no other site can make a browser send that header (docs/integrations.md).
const xsrfCheck: MiddlewareHandler<AppEnv> = (c, next) => {
  if (!carriesApiToken(c)) checkXsrf(c, true);
  return next();
};

/** Message of the 503 answered while a fresh start still seeds. */
export const STARTING = 'The server is starting. Try again in a moment.';

/** Largest request body accepted: a 10 MB spreadsheet plus form fields (DESIGN.md §4). */
export const MAX_BODY = 12 * 1024 * 1024;

/**
 * The whole HTTP application: `/api/*` (main API), `/recognition/*` (photo-recognition API),
 * `/uploads/*` (stored images) and the built console with an index.html fallback for client
 * routes. Every error becomes the envelope here and nowhere else (STYLE.md §6).
 * `files` holds the stored images (disk under config.dataDir unless given); `opts.log` gets
 * one JSON line per request (http/middleware/request-log.ts), off when omitted; `opts.mailer` the outbox
 * sender routes wake after queueing e-mail (lib/mail/sender.ts), idle when omitted. Every request gets an
 * id (the client's `X-Request-Id` when it is 1–64 word characters, else a UUID-shaped one made
 * from a random per-process prefix and a counter: http/middleware/front.ts nextRequestId), answered
 * as `X-Request-Id` and carried by its log lines, errors included. `opts.starting` (a start that
 * listens before it seeds, start.ts): until it settles every `/api/*` and `/recognition/*` call but
 * `GET /api/ping` answers 503 with `Retry-After: 1` (STARTING); the console's files are served.
 */
export function createApp(
  sql: Sql,
  config: AppConfig,
  files: FileStore = diskStore(config.dataDir),
  opts: { log?: Logger; mailer?: Mailer; starting?: Promise<unknown>; metrics?: Metrics } = {},
) {
  // TrieRouter with each (method, path)'s match kept: RegExpRouter refuses this route table (http/kept-router.ts).
  const app = new Hono<AppEnv>({ router: new KeptMatchRouter() });
  const sessions = sessionCache();
  // Request id, variables, headers set once, session-cache forgetting, request log: one layer (http/middleware/front.ts).
  app.use('*', front({ sql, config, files, mailer: opts.mailer ?? idleMailer, sessions }, opts.log, opts.metrics));

  app.onError((err, c) => errorResponse(c, err));
  app.notFound((c) => errorEnvelope(c, 404, 'Not found.'));

  let started = !opts.starting;
  opts.starting?.then(
    () => {
      started = true;
    },
    () => undefined,
  );
  const limit = withBody(bodyLimit({ maxSize: MAX_BODY, onError: (c) => errorEnvelope(c, 413, 'The request is too large.') }));
  const audit = config.activityLog === false ? noAudit : sessionActivity;
  const writes = chain([finishBody(MAX_BODY), urlCheck, limit, xsrfCheck, audit], (err, c) => errorResponse(c, err));
  /**
   * `/api/*` and `/recognition/*`: until a listen-first start has seeded, every call but
   * `GET /api/ping` answers 503 with `Retry-After: 1` (STARTING). Then a read (GET, HEAD) has its
   * URL and XSRF cookie checked in this one layer and goes on (an export is recorded in the
   * activity log); a call that may write runs the whole chain: its unread body finished, URL
   * checked, size bounded, XSRF checked, sign-in and sign-out recorded (a service records every
   * other change itself, lib/activity/record.ts).
   */
  const guard: MiddlewareHandler<AppEnv> = (c, next) => {
    if (!started && c.req.path !== '/api/ping') {
      const res = errorEnvelope(c, 503, STARTING);
      res.headers.set('Retry-After', '1'); // a start is over in a second, not the envelope's usual 5
      return Promise.resolve(res);
    }
    const m = c.req.method;
    if (m !== 'GET' && m !== 'HEAD') return writes(c, next);
    checkUrl(c);
    if (!carriesApiToken(c)) checkXsrf(c, true);
    return audit(c, next);
  };
  app.use('/api/*', guard);
  app.get('/api/health', health);
  app.route('/api', apiRoutes);
  // The OpenAPI 3.1 document of every route registered here (http/openapi.ts), built at its first
  // request (every route is registered by then), and its readable reference page. Public: the API's description, no data.
  let doc: Record<string, unknown> | undefined;
  const document = () => (doc ??= openApiDocument(app.routes));
  app.get('/api/openapi.json', (c) => c.json(document()));
  app.get('/api/docs', (c) => c.html(openApiHtml(document())));
  app.use('/recognition/*', guard);
  app.route('/recognition', recognitionRoutes);

  app.get('/uploads/*', serveUpload);

  // The console (routes/console.ts): compressed twins by Accept-Encoding; hashed bundles
  // immutable; index.html, config.js and the other unhashed files always revalidated. Files carry
  // no Set-Cookie (a shared cache or CDN would refuse to keep them): the XSRF cookie comes with
  // the page and with every API answer.
  app.use('*', noSourceMaps);
  if (!existsSync(config.staticDir)) log.warn({ static_dir: config.staticDir }, 'The console is not built: run `npm run build`.');
  app.use('*', ...consoleFiles(config.staticDir));
  const page = consolePage(config.staticDir);
  app.get('*', (c) => {
    if (c.req.path.startsWith('/api/') || c.req.path.startsWith('/recognition/') || (path.extname(c.req.path) && !isPageFile(c.req.path))) return c.notFound();
    checkXsrf(c, false);
    return page(c);
  });
  return app;
}
