import type { Param, Sql } from './sql.ts';

/**
 * Sets `values` (column -> value) on row `id` of `table` inside the caller's transaction `tx`
 * and resolves to the row as it was before (every column), or undefined when there is none: the
 * "before" an activity row needs, read by the write itself.
 * - PostgreSQL: one statement (`WITH before AS (SELECT * … FOR UPDATE) UPDATE … FROM before
 *   RETURNING before.*`) locks, reads and changes the row in one round trip, so concurrent edits
 *   take turns and each one's "before" is what the other committed.
 * - SQLite (one writer at a time, no round trips): reads, then updates.
 * `table` and the column names are the caller's identifiers, never input; every value is a parameter.
 */
export async function updateReturningBefore<T extends object>(tx: Sql, table: string, id: number, values: Record<string, Param>): Promise<T | undefined> {
  const columns = Object.keys(values);
  const set = columns.map((c) => `${c} = ?`).join(', ');
  if (tx.engine === 'postgres') {
    return tx.get<T>(`WITH before AS (SELECT * FROM ${table} WHERE id = ? FOR UPDATE) UPDATE ${table} AS t SET ${set} FROM before WHERE t.id = before.id RETURNING before.*`,
      [id, ...Object.values(values)]);
  }
  const before = await tx.get<T>(`SELECT * FROM ${table} WHERE id = ?`, [id]);
  if (before) await tx.run(`UPDATE ${table} SET ${set} WHERE id = ?`, [...Object.values(values), id]);
  return before;
}
