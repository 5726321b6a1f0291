import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../context.ts';

/** One request as logged: `ms` is the time to the response, in milliseconds; `user` the signed-in user's id or null. */
export interface RequestLogLine { time: string; method: string; path: string; status: number; ms: number; user: number | null }

/**
 * One JSON line per request on `write` (stdout in production, through lib/log-sink.ts): method, path without its query
 * string (queries may carry e-mails or search words), status, duration and user id. Never a
 * header, token, password or body. Off in tests (LOG_REQUESTS=0, start.ts) so runs stay quiet.
 */
export const requestLog = (write: (line: string) => void): MiddlewareHandler<AppEnv> =>
  async (c, next) => {
    const started = performance.now();
    try {
      await next();
    } finally {
      const line: RequestLogLine = {
        time: new Date().toISOString(), method: c.req.method, path: c.req.path, status: c.res.status,
        ms: Math.round((performance.now() - started) * 10) / 10, user: c.get('user')?.id ?? null,
      };
      write(JSON.stringify(line) + '\n');
    }
  };
