import type { Sql } from './sql.ts';

/**
 * The database's clock as an SQL expression: milliseconds since 1970 (integer), read by the
 * engine when the statement runs, not by this process. Windows and expiries that
 * several API processes share (the sign-in throttle, session tokens, the leases of import jobs
 * and of the e-mail outbox) are judged by it, so a process whose clock is stepped or skewed
 * neither locks anyone out nor frees anything, nor takes another process's job.
 *
 * PostgreSQL: `statement_timestamp()`, the server's clock, one value for the whole statement.
 * SQLite: `unixepoch('subsec')`, the host's clock (the database lives in this process's host),
 * also one value per statement. Splice it into SQL text, never into a parameter.
 */
export const dbNow = (sql: Pick<Sql, 'engine'>) =>
  sql.engine === 'sqlite' ? "CAST(unixepoch('subsec') * 1000 AS INTEGER)" : 'CAST(EXTRACT(EPOCH FROM statement_timestamp()) * 1000 AS BIGINT)';
