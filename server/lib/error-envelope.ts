import type { Context } from 'hono';
import { ApiError } from '../http-error.ts';
import { DbError } from '../db/errors.ts';
import { log } from './log.ts';

/**
 * Envelope status word per HTTP code (DESIGN.md §2). Only 401 answers "error": the console sends
 * any GET that answers "error" to /login (admin-area §4), which must mean "not signed in", never
 * "not yours".
 */
const STATUS_WORD: Record<number, string> = {
  401: 'error', 403: 'forbidden', 404: 'not_found', 409: 'conflict', 413: 'too_large', 419: 'xsrf_mismatch',
  422: 'validation_error', 429: 'throttled',
};
const statusWord = (code: number) => STATUS_WORD[code] ?? (code >= 500 ? 'server_error' : 'failed');

/**
 * The one builder of every error answer of the API: `{ status, message, data, errors? }` with
 * HTTP `code` (STYLE.md §6). `errors` maps field -> messages (422 only); `data` is null unless
 * the answer carries figures (a 409's `{ duplicates }`).
 */
export function errorEnvelope(c: Context, code: number, message: string, errors?: Record<string, string[]>, data: unknown = null) {
  return c.json({ status: statusWord(code), message, data, ...(errors ? { errors } : {}) }, code as 400);
}

const INVALID = 'The given data was invalid.';

/** Message of a 503: the database refused the write (read-only, disk full). */
export const UNAVAILABLE = 'The database cannot be written right now. Nothing was saved.';

/**
 * Any thrown error as its answer: an `ApiError` as it says; a `DbError` 'unique' as a 422 on its
 * column ("The email has already been taken."), 'invalid' as a 422, 'unavailable' as a 503;
 * anything else answers 500. 503s and 500s are logged (lib/log.ts) with the request's id, method
 * and path (never its query, headers or body).
 */
export function errorResponse(c: Context, err: unknown) {
  if (err instanceof ApiError) return errorEnvelope(c, err.status, err.message, err.errors, err.data ?? null);
  if (err instanceof DbError) {
    if (err.kind === 'unique') {
      const field = err.column ?? 'value';
      const message = `The ${field.replaceAll('_', ' ')} has already been taken.`;
      return errorEnvelope(c, 422, message, { [field]: [message] });
    }
    if (err.kind === 'invalid') return errorEnvelope(c, 422, INVALID, { data: [INVALID] });
    log.error({ err: err.cause ?? err, req_id: c.get('requestId'), method: c.req.method, path: c.req.path }, 'database unavailable');
    return errorEnvelope(c, 503, UNAVAILABLE);
  }
  log.error({ err, req_id: c.get('requestId'), method: c.req.method, path: c.req.path }, 'unexpected error');
  return errorEnvelope(c, 500, 'Something went wrong.');
}
