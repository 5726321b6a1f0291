import type { Param, Sql } from './sql.ts';

/**
 * What `updateReturningBefore` may add to its statement: `where`, a further condition on the row
 * (SQL over `table`'s columns, its `?` bound to `whereParams`): a row that fails it is neither
 * changed nor answered; `also`, further columns of the answer (a select list such as
 * `(SELECT name FROM roles WHERE id = ?) AS role_name`, its `?` bound to `alsoParams`).
 */
export interface UpdateExtras {
  where?: string;
  whereParams?: Param[];
  also?: string;
  alsoParams?: Param[];
  /**
   * Moves the row's `version` column by one in the same statement; with `expected` (a request's
   * If-Match) a row whose version differs is neither changed nor answered, like one failing
   * `where`. The answered row's `version` is the one before the change.
   */
  version?: { expected?: number };
}

/**
 * Sets `values` (column -> value) on row `id` of `table` inside the caller's transaction `tx`
 * and resolves to the row as it was before (every column, and the `extras.also` columns), or
 * undefined when there is none (or it fails `extras.where`): the "before" an activity row needs,
 * read by the write itself.
 * - PostgreSQL: one statement (`WITH before AS (SELECT * … FOR UPDATE) UPDATE … FROM before
 *   RETURNING before.*`) locks, reads and changes the row in one round trip, so concurrent edits
 *   take turns and each one's "before" is what the other committed.
 * - SQLite (one writer at a time, no round trips): reads, then updates.
 * With `extras.version` the statement also moves the row's version (and checks it against an
 * If-Match), so the write needs no statement of its own for it (lib/activity/versions.ts).
 * `table`, the column names and the extras' SQL are the caller's, never input; every value is a parameter.
 * A unique index the new values break throws DbError 'unique' (db/errors.ts), nothing changed.
 */
export async function updateReturningBefore<T extends object>(
  tx: Sql,
  table: string,
  id: number,
  values: Record<string, Param>,
  extras: UpdateExtras = {},
): Promise<T | undefined> {
  const columns = Object.keys(values);
  // PostgreSQL's UPDATE … FROM before sees two `version` columns: the one it changes is t's.
  const set = columns.map((c) => `${c} = ?`).join(', ') + (extras.version ? `, version = ${tx.engine === 'postgres' ? 't.' : ''}version + 1` : '');
  const versionChecked = extras.version?.expected !== undefined;
  const where = (extras.where ? ` AND (${extras.where})` : '') + (versionChecked ? ' AND version = ?' : '');
  const also = extras.also ? `, ${extras.also}` : '';
  const whereParams = [...(extras.whereParams ?? []), ...(versionChecked ? [extras.version!.expected!] : [])],
    alsoParams = extras.alsoParams ?? [];
  if (tx.engine === 'postgres') {
    return tx.get<T>(
      `WITH before AS (SELECT * FROM ${table} WHERE id = ?${where} FOR UPDATE OF ${table}) UPDATE ${table} AS t SET ${set} FROM before WHERE t.id = before.id RETURNING before.*${also}`,
      [id, ...whereParams, ...Object.values(values), ...alsoParams],
    );
  }
  const before = await tx.get<T>(`SELECT *${also} FROM ${table} WHERE id = ?${where}`, [...alsoParams, id, ...whereParams]);
  if (before) await tx.run(`UPDATE ${table} SET ${set} WHERE id = ?`, [...Object.values(values), id]);
  return before;
}
