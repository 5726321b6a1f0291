import type { Context, MiddlewareHandler } from 'hono';
import { randomBytes } from 'node:crypto';
import type { Logger } from 'pino';
import type { AppEnv } from '../context.ts';
import { requestHeader } from '../request-headers.ts';
import { logRequest } from './request-log.ts';
import { SECURITY_HEADERS } from './security.ts';
import { routePath } from 'hono/route';
import type { Metrics } from '../metrics.ts';
import { answer, isComplete } from '../answer.ts';
import { loggedResource } from '../logs.ts';
import { sessionsUnchangedBy } from '../../../src/common/resources.ts';
import { SESSIONS_OF_RECORD, type SessionCache } from '../../lib/auth/session-cache.ts';

/** Methods that never write: they leave the session cache as it is. */
const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * What every API and photo-recognition answer carries: SECURITY_HEADERS with the API's own
 * content security policy, and no cache may keep it (personal, session-bound data). An API answer
 * is data, never a document that loads anything, so its policy is OWASP's for REST services
 * (`default-src 'none'; frame-ancestors 'none'`): stricter than the console's, and ~300 bytes
 * fewer on every answer. The reference page at /api/docs loads nothing either.
 */
export const API_CSP = "default-src 'none'; frame-ancestors 'none'";
const API_HEADERS: Readonly<Record<string, string>> = Object.freeze({ ...SECURITY_HEADERS, 'content-security-policy': API_CSP, 'cache-control': 'no-store' });

/** A client's request id is kept when it is 1–64 of A–Z a–z 0–9 _ - = (as hono/request-id with limitLength 64); else one is made (`nextRequestId`). */
const REQUEST_ID = /^[\w\-=]{1,64}$/;

/**
 * The first 24 hex digits of this process's request ids, UUID-shaped ("xxxxxxxx-xxxx-xxxx-xxxx-"):
 * random at every start, so ids stay unique across processes and restarts; a counter fills the
 * last 12. A random UUID per request cost about 2 % of the request path's CPU (its random bytes and hex).
 */
const ID_PREFIX = (() => {
  const h = randomBytes(12).toString('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-`;
})();
let idCount = 0;

/** A request id of this process: ID_PREFIX and a counter as 12 hex digits (36 characters, unique for 2^48 requests). */
export const nextRequestId = () => ID_PREFIX + (++idCount).toString(16).padStart(12, '0');

/** The variables `front` puts on every request (besides the request id). */
export type FrontVars = Pick<AppEnv['Variables'], 'sql' | 'config' | 'files' | 'mailer' | 'sessions'>;

/** Forgets what a write (done) may have changed of the cached sessions: nothing, its record's users', or all (see front). */
function forgetSessions(c: Context<AppEnv>, sessions: SessionCache) {
  const resource = loggedResource(c);
  if (sessionsUnchangedBy(resource)) return;
  const of = resource && SESSIONS_OF_RECORD[resource];
  const id = of && /^\d{1,10}$/.test(c.req.param('id') ?? '') ? Number(c.req.param('id')) : 0;
  if (of && id) sessions.forgetWhere((u) => of(u, id));
  else sessions.forget();
}

/**
 * The first layer of every request (one layer instead of five, headers set once):
 *   - the request id: the client's `X-Request-Id` when it is 1–64 word characters, else
 *     `nextRequestId`; in `c.get('requestId')`, answered as `X-Request-Id`, carried by log lines;
 *   - the app's variables (`vars`) on the context;
 *   - on every answer the security headers (SECURITY_HEADERS), plus `Cache-Control: no-store` on
 *     `/api/*` and `/recognition/*`, with the request id: an answer made by `answer` (the JSON
 *     envelope of a success) is built with them (`answerHeaders`: one of the two frozen blocks,
 *     shared by every request, never copied here); any other (errors, files, streams) gets
 *     them set on it afterwards, as secureHeaders did, overriding a handler's own value;
 *   - after a request that may have written (any method but GET/HEAD/OPTIONS), the session cache
 *     is forgotten: what it changed (sessions, roles, organisers) holds from the next request on;
 *   - with `log`, one request line (http/middleware/request-log.ts);
 *   - with `metrics`, the answer counted and timed by its route pattern (http/metrics.ts).
 */
export function front(vars: FrontVars, log?: Logger, metrics?: Metrics): MiddlewareHandler<AppEnv> {
  return (c, next) => {
    const started = performance.now();
    const sent = requestHeader(c, 'x-request-id');
    const id = sent && REQUEST_ID.test(sent) ? sent : nextRequestId();
    c.set('requestId', id);
    c.set('arrivedAt', started);
    c.set('sql', vars.sql);
    c.set('config', vars.config);
    c.set('files', vars.files);
    c.set('mailer', vars.mailer);
    c.set('sessions', vars.sessions);
    const p = c.req.path;
    const api = p.startsWith('/api/') || p === '/api' || p.startsWith('/recognition/') || p === '/recognition';
    const headers = api ? API_HEADERS : SECURITY_HEADERS;
    c.set('answerHeaders', headers);
    // A header a handler or middleware sets before the answer exists (a cookie, Retry-After)
    // lives in hono's own store, which `answer` cannot read: such a request answers the usual way.
    const header = c.header;
    c.header = ((...args: Parameters<Context['header']>) => {
      c.set('answerHeaders', undefined);
      return header(...args);
    }) as Context['header'];
    // A write may have changed a session (a sign-out, a role, a user), unless its route logs a
    // resource whose writes never do (src/common/resources.ts `sessions: 'unchanged'`); a write
    // of one user, role or organiser by id changes only its users' (SESSIONS_OF_RECORD).
    const write = !READS.has(c.req.method);
    // No await: the answer is finished in the callback of the one promise next() returns.
    return next().then(
      () => {
        if (write) forgetSessions(c, vars.sessions);
        if (!isComplete(c.res)) setHeaders(c, headers, id);
        if (log) logRequest(log, c, started);
        if (metrics) metrics.observe(c.req.method, routePath(c) || 'unmatched', c.res.status, (performance.now() - started) / 1000);
      },
      (err: unknown) => {
        if (write) forgetSessions(c, vars.sessions);
        throw err;
      },
    );
  };
}

/**
 * Sets `headers` and the request id `id` on the answer a handler already made, in place. `c.header` after `next()`
 * rebuilds the whole Response (a body stream included) on every call; the answer's own headers
 * take them in place. An answer with immutable headers (one passed through from fetch) falls
 * back to `c.header`.
 */
function setHeaders(c: Context, headers: Readonly<Record<string, string>>, id: string) {
  try {
    const h = c.res.headers;
    for (const k in headers) h.set(k, headers[k]);
    h.set('x-request-id', id);
  } catch {
    for (const k in headers) c.header(k, headers[k]);
    c.header('x-request-id', id);
  }
}

/** Re-exported for tests and routes that took it from here: the answer lives in http/answer.ts. */
export { answer };
