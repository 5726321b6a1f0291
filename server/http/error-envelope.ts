import type { Context } from 'hono';
import { ApiError } from './http-error.ts';
import { DbError, DbRefusal } from '../db/errors.ts';
import { Busy, Conflict, DomainError, Invalid, NotFound, Refused, Stale, Unauthenticated, UpstreamFailed } from '../runtime/domain-errors.ts';
import { log } from '../runtime/log.ts';
import { StoreUnavailable } from '../lib/files/file-store.ts';
import { loggedPath } from './logged-path.ts';
import { sayRefusal } from './api-language.ts';

/**
 * Envelope status word per HTTP code (DESIGN.md §2). Only 401 answers "error": the console sends
 * any GET that answers "error" to /login (admin-area §4), which must mean "not signed in", never
 * "not yours".
 */
const STATUS_WORD: Record<number, string> = {
  401: 'error',
  403: 'forbidden',
  404: 'not_found',
  409: 'conflict',
  412: 'stale',
  413: 'too_large',
  419: 'xsrf_mismatch',
  422: 'validation_error',
  429: 'throttled',
};
const statusWord = (code: number) => STATUS_WORD[code] ?? (code >= 500 ? 'server_error' : 'failed');

/** Seconds a 503 asks the client to wait before trying again (`Retry-After`). */
export const RETRY_AFTER_S = 5;

/**
 * The one builder of every error answer of the API: `{ status, message, code?, data, errors?,
 * error_codes? }` with HTTP `code` (STYLE.md §6). `errors` maps field -> messages (422 only);
 * `data` is null unless the answer carries figures (a 409's `{ duplicates }`). The message and
 * the field messages are said in the caller's language with their stable codes
 * (api-language.ts sayRefusal; `message` and `errors` are passed in English). A 503 also carries
 * `Retry-After` (RETRY_AFTER_S seconds): the outage is expected to pass.
 */
export function errorEnvelope(c: Context, code: number, message: string, errors?: Record<string, string[]>, data: unknown = null) {
  if (code === 503) c.header('Retry-After', String(RETRY_AFTER_S));
  const said = sayRefusal(c, message, errors);
  return c.json(
    {
      status: statusWord(code),
      message: said.message,
      ...(said.code ? { code: said.code } : {}),
      data,
      ...(said.errors ? { errors: said.errors, error_codes: said.errorCodes } : {}),
    },
    code as 400,
  );
}

const INVALID = 'The given data was invalid.';

/** Message of a 503: the database refused the write (read-only, disk full). */
export const UNAVAILABLE = 'The database cannot be written right now. Nothing was saved.';
/** Message of a 503 to a write: the database could not be reached or the connection was lost. */
export const UNREACHABLE_WRITE = 'The database is not available right now. Nothing was saved; please try again in a moment.';
/** Message of a 503 to a read (GET, HEAD): the database could not be reached. */
export const UNREACHABLE_READ = 'The database is not available right now. Please try again in a moment.';
/** Message of a 503: the disk refused a file (full, over its quota, read-only). */
export const STORE_UNAVAILABLE = 'Files cannot be stored right now. Nothing was saved; please try again later.';

/**
 * The HTTP code of a domain error (runtime/domain-errors.ts), the one place that gives
 * them one: NotFound 404, Refused 403, Invalid 422, Conflict 409, Stale 412, Busy 429 ('throttled') or 503
 * ('unavailable'), Unauthenticated 401, UpstreamFailed 502.
 */
export function statusOf(err: DomainError): 401 | 403 | 404 | 409 | 412 | 422 | 429 | 502 | 503 {
  if (err instanceof NotFound) return 404;
  if (err instanceof Refused) return 403;
  if (err instanceof Invalid) return 422;
  if (err instanceof Conflict) return 409;
  if (err instanceof Stale) return 412;
  if (err instanceof Busy) return err.kind === 'throttled' ? 429 : 503;
  if (err instanceof Unauthenticated) return 401;
  if (err instanceof UpstreamFailed) return 502;
  throw new Error(`No HTTP code for ${err.name}`);
}

/**
 * Any thrown error as its answer: an `ApiError` as it says; a domain error with the code
 * `statusOf` gives it (an `Invalid` with its `errors`, a `Busy` naming its wait with Retry-After); a `DbRefusal` as 403 or 422; a `DbError` 'unique' as a 422 on its
 * column ("The email has already been taken."), 'invalid' as a 422, 'unavailable' and
 * 'unreachable' as a 503; a `StoreUnavailable` (disk full) as a 503; every 503 with
 * `Retry-After`. Anything else answers 500. 503s and 500s are logged (runtime/log.ts) with the request's id, method
 * and path (a secret in it cut short, http/logged-path.ts; never its query, headers or body).
 */
export function errorResponse(c: Context, err: unknown) {
  if (err instanceof ApiError) return errorEnvelope(c, err.status, err.message, err.errors, err.data ?? null);
  if (err instanceof Busy && err.retryAfter !== undefined) c.header('Retry-After', String(err.retryAfter));
  if (err instanceof DomainError) return errorEnvelope(c, statusOf(err), err.message, err instanceof Invalid ? err.errors : undefined, err.data ?? null);
  if (err instanceof DbRefusal) return err.kind === 'forbidden' ? errorEnvelope(c, 403, err.message) : errorEnvelope(c, 422, err.message, err.errors);
  if (err instanceof DbError) {
    if (err.kind === 'unique') {
      const field = err.column ?? 'value';
      const message = `The ${field.replaceAll('_', ' ')} has already been taken.`;
      return errorEnvelope(c, 422, message, { [field]: [message] });
    }
    if (err.kind === 'invalid') return errorEnvelope(c, 422, INVALID, { data: [INVALID] });
    log.error(
      { err: err.cause ?? err, req_id: c.get('requestId'), method: c.req.method, path: loggedPath(c.req.path) },
      err.kind === 'unreachable' ? 'database unreachable' : 'database unavailable',
    );
    if (err.kind === 'unreachable') return errorEnvelope(c, 503, c.req.method === 'GET' || c.req.method === 'HEAD' ? UNREACHABLE_READ : UNREACHABLE_WRITE);
    return errorEnvelope(c, 503, UNAVAILABLE);
  }
  if (err instanceof StoreUnavailable) {
    log.error({ err: err.cause ?? err, req_id: c.get('requestId'), method: c.req.method, path: loggedPath(c.req.path) }, 'file store unavailable');
    return errorEnvelope(c, 503, STORE_UNAVAILABLE);
  }
  log.error({ err, req_id: c.get('requestId'), method: c.req.method, path: loggedPath(c.req.path) }, 'unexpected error');
  return errorEnvelope(c, 500, 'Something went wrong.');
}
