/**
 * The database failures the API tells apart, whatever the engine (DESIGN.md §1: the adapters
 * hide the engine). Each adapter (sqlite.ts, postgres.ts) translates its own error codes into a
 * `DbError`; nothing above `db/` knows an engine's codes.
 *
 * kind:
 *   - 'unique': a UNIQUE constraint refused a row (two requests raced past the route's own
 *     "already taken" check); `column` names the first column of the constraint when known.
 *   - 'unavailable': the database cannot be written now (read-only, disk full); nothing was saved.
 *   - 'unreachable': the database cannot be reached now (connection refused, lost or timed out,
 *     the server shutting down or starting, SQLite busy past its timeout); the statement did
 *     not run or its transaction was rolled back.
 *   - 'invalid': the engine refused a value as such (a number out of range, text it cannot
 *     store); the request was bad, not the server.
 * `cause` keeps the engine's own error for the log.
 */
export type DbErrorKind = 'unique' | 'unavailable' | 'unreachable' | 'invalid';

export class DbError extends Error {
  constructor(
    readonly kind: DbErrorKind,
    message: string,
    readonly column?: string,
    override readonly cause?: unknown,
  ) {
    super(message);
    this.name = 'DbError';
  }
}

/**
 * A rule checked in db/ refused the request; db/ knows no HTTP, http/error-envelope.ts answers it:
 *   - 'forbidden': a rule that must hold inside the writing transaction (the last admin stays an
 *     admin, db/queries/users.ts) -> 403 with `message`; the transaction is rolled back.
 *   - 'invalid': input the query cannot take (a list's unknown sort or filter value,
 *     db/list-query.ts) -> 422 with `errors` (field -> messages), `message` the first of them.
 */
export class DbRefusal extends Error {
  constructor(
    readonly kind: 'forbidden' | 'invalid',
    message: string,
    readonly errors?: Record<string, string[]>,
  ) {
    super(message);
    this.name = 'DbRefusal';
  }
}

/** A 'invalid' DbRefusal with a field -> messages map; its message is the first message, as a 422 answers. */
export const invalidInput = (errors: Record<string, string[]>) =>
  new DbRefusal('invalid', Object.values(errors)[0]?.[0] ?? 'The given data was invalid.', errors);

/**
 * Runs `fn` and passes any thrown error through `translate`, which returns a `DbError` for the
 * codes it knows and the error unchanged otherwise.
 */
export async function translating<T>(translate: (err: unknown) => unknown, fn: () => T | Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    throw translate(err);
  }
}

/**
 * The column named first in a unique key's column list as an engine reports it, e.g.
 * "lower(email)" -> "email", "lower((email)::text)" -> "email", "campaign_id, user_id" ->
 * "campaign_id"; undefined when none is found. Functions and `::type` casts are skipped.
 */
export function keyColumn(list: string): string | undefined {
  const bare = list.replace(/::[\w ]+/g, '').replaceAll('"', '');
  const first = /^[^,]*/.exec(bare)![0];
  return /([A-Za-z_]\w*)\b(?!\s*\()/.exec(first)?.[1];
}
