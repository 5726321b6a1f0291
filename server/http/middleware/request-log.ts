import type { Context, MiddlewareHandler } from 'hono';
import type { Logger } from 'pino';
import type { AppEnv } from '../context.ts';
import { infoText } from '../../runtime/log.ts';
import { loggedPath } from '../logged-path.ts';

/**
 * One request as logged, besides pino's `level` ("info"), `time` (ISO 8601) and `msg`
 * ("request"): `req_id` the request id (also answered as `X-Request-Id`), `ms` the time to the
 * response in milliseconds, `user` the signed-in user's id or null.
 */
export interface RequestLogLine {
  req_id: string;
  method: string;
  path: string;
  status: number;
  ms: number;
  user: number | null;
}

/**
 * One JSON line per request on `logger` (runtime/log.ts, stdout): request id, method, path without
 * its query string (queries may carry e-mails or search words) and with a gallery token cut to
 * its first 4 characters (http/logged-path.ts), status, duration and user id.
 * Never a header, token, password or body. Off in tests and with LOG_REQUESTS=0 (start.ts).
 * Must run after hono's requestId middleware (app.ts).
 */
export const requestLog =
  (logger: Logger): MiddlewareHandler<AppEnv> =>
  async (c, next) => {
    const started = performance.now();
    try {
      await next();
    } finally {
      logRequest(logger, c, started);
    }
  };

/**
 * Logs the request line of `c`, answered now, begun at `started` (performance.now()); http/middleware/front.ts
 * calls it. The line's fields are written as one string (`infoText`), `JSON.stringify` only for its three
 * strings instead of for every key and value (one line per request).
 */
export function logRequest(logger: Logger, c: Context<AppEnv>, started: number) {
  const ms = Math.round((performance.now() - started) * 10) / 10;
  const user = c.get('user')?.id ?? null;
  infoText(
    logger,
    `"req_id":${JSON.stringify(c.get('requestId'))},"method":${JSON.stringify(c.req.method)},"path":${JSON.stringify(loggedPath(c.req.path))},"status":${c.res.status},"ms":${ms},"user":${user}`,
    'request',
  );
}
