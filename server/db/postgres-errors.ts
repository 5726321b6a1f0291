import { DbError, keyColumn } from './errors.ts';

/** Socket error codes of Node (net, dns) that mean "the server cannot be reached now". */
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'EHOSTDOWN',
  'ENETUNREACH',
  'ENETDOWN',
  'ENETRESET',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ENOTCONN',
  'ESHUTDOWN',
]);

/**
 * Messages node-postgres and its pool throw without a code when a connection is lost or cannot
 * be had: "Connection terminated unexpectedly" (the server went away mid-query), "Connection
 * terminated due to connection timeout", "timeout exceeded when trying to connect" (the pool's
 * connectionTimeoutMillis), "Client has encountered a connection error and is not queryable",
 * "Client was closed and is not queryable", "Cannot use a pool after calling end on the pool"
 * (the process is stopping).
 */
const LOST =
  /^(?:Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Client was closed and is not queryable|Cannot use a pool after calling end)/;

/**
 * Whether `err` says the PostgreSQL server could not be reached or the connection was lost
 * (driver and pool errors, SQLSTATE class 08 connection_exception, 57P admin/crash shutdown,
 * cannot_connect_now). Looks into an AggregateError's `errors` (Node's connect to several
 * addresses) and into `cause`. Nothing was answered by the database then.
 */
export function isConnectionError(err: unknown, depth = 0): boolean {
  if (!err || typeof err !== 'object' || depth > 3) return false;
  const e = err as { code?: unknown; message?: unknown; errors?: unknown; cause?: unknown };
  const code = typeof e.code === 'string' ? e.code : '';
  if (SOCKET_CODES.has(code) || code.startsWith('08') || code.startsWith('57P')) return true;
  if (LOST.test(String(e.message ?? ''))) return true;
  if (Array.isArray(e.errors) && e.errors.some((x) => isConnectionError(x, depth + 1))) return true;
  return isConnectionError(e.cause, depth + 1);
}

/**
 * PostgreSQL's SQLSTATE codes as the API's error kinds (db/errors.ts), used by postgres.ts only.
 *   23505 unique_violation -> 'unique', the column read from the detail "Key (lower(email))=(…)".
 *   25006 read_only_sql_transaction, 53100 disk_full, 53xxx out of resources -> 'unavailable'.
 *   Lost or refused connections (isConnectionError: socket codes, 08xxx, 57Pxx, the driver's and
 *   pool's own messages) -> 'unreachable'.
 *   22xxx data exceptions (22P02 bad integer text, 22003 out of range, 22021 NUL in text,
 *   22P05 untranslatable character, 22001 too long) -> 'invalid'.
 * Any other error comes back unchanged; a DbError passes through as it is.
 */
export function postgresError(err: unknown): unknown {
  if (err instanceof DbError) return err;
  const e = err as { code?: unknown; detail?: unknown; message?: unknown };
  const code = typeof e?.code === 'string' ? e.code : '';
  const message = String(e?.message ?? '');
  if (code === '23505') return new DbError('unique', message, keyColumn(/^Key \((.*)\)=\(/.exec(String(e.detail ?? ''))?.[1] ?? ''), err);
  if (code === '25006' || code.startsWith('53')) return new DbError('unavailable', message, undefined, err);
  if (isConnectionError(err)) return new DbError('unreachable', message, undefined, err);
  if (code.startsWith('22')) return new DbError('invalid', message, undefined, err);
  return err;
}

/**
 * Parameters as PostgreSQL takes them. A NaN (what `toId` yields for a malformed id) binds as
 * NULL, as SQLite binds it, so `id = ?` matches nothing instead of failing on 'NaN'.
 */
export const pgParams = (params: readonly unknown[] = []) => params.map((p) => (typeof p === 'number' && Number.isNaN(p) ? null : p));
