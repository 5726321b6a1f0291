import type { Param, Sql } from './sql.ts';
import { marks, matchingIds, orderOf, whereOf, type ListQuery, type ListSpec, type Scope } from './list-query.ts';

/** Rows or ids per query: bounds memory to one chunk (plus, for a sorted export, the ids). */
const CHUNK = 500;

/** How many of `ids` lie within `scope` of the list (a bulk call's check; ids are read CHUNK at a time). */
export async function countVisible(tx: Sql, spec: ListSpec, scope: Scope, ids: number[]): Promise<number> {
  let seen = 0;
  for (let i = 0; i < ids.length; i += CHUNK) {
    const chunk = ids.slice(i, i + CHUNK);
    const where = scope.where ? `(${scope.where}) AND ` : '';
    const row = await tx.get<{ n: number | string }>(
      `SELECT COUNT(*) AS n FROM ${spec.from} WHERE ${where}${spec.idCol} IN (${marks(chunk.length)})`, [...scope.params, ...chunk] as Param[]);
    seen += Number(row?.n ?? 0);
  }
  return seen;
}

/** A bulk `act` that deletes the ids from `table` (rows below go by the schema's cascades). */
export const deleteFrom = (table: string) => (tx: Sql, ids: number[]) => tx.run(`DELETE FROM ${table} WHERE id IN (${marks(ids.length)})`, ids);

/**
 * Every row matching `lq` within `scope`, in list order, CHUNK rows at a time, with the columns
 * of `spec.csv` as `c0, c1, …`. In id order it reads by keyset (`id > last`); in any other order
 * it reads the matching ids first (numbers only) and fetches their rows chunk by chunk, skipping
 * a row deleted in between. Memory stays flat in id order and grows only by the ids otherwise.
 */
export async function* rowsInListOrder(sql: Sql, spec: ListSpec, lq: ListQuery, scope: Scope): AsyncGenerator<Record<string, unknown>[]> {
  const cols = `${spec.idCol} AS row_id, ${spec.csv.map(([, e], i) => `${e} AS c${i}`).join(', ')}`;
  const order = orderOf(spec, lq);
  const byId = new RegExp(`^${spec.idCol.replace('.', '\\.')}( ASC| DESC)?$`).exec(order);
  if (byId) {
    const desc = byId[1] === ' DESC';
    const [where, params] = whereOf(spec, lq, scope, sql.engine);
    let last: number | null = null;
    for (;;) {
      const after = last === null ? '' : `${where ? ' AND' : 'WHERE'} ${spec.idCol} ${desc ? '<' : '>'} ?`;
      const rows: Record<string, unknown>[] = await sql.all<Record<string, unknown>>(`SELECT ${cols} FROM ${spec.from} ${where}${after} ORDER BY ${order} LIMIT ${CHUNK}`,
        last === null ? params : [...params, last]);
      if (!rows.length) return;
      yield rows;
      last = Number(rows[rows.length - 1].row_id);
    }
  }
  const ids = await matchingIds(sql, spec, lq, scope);
  for (let i = 0; i < ids.length; i += CHUNK) {
    const chunk = ids.slice(i, i + CHUNK);
    const rows = await sql.all<Record<string, unknown>>(`SELECT ${cols} FROM ${spec.from} WHERE ${spec.idCol} IN (${marks(chunk.length)})`, chunk);
    const found = new Map(rows.map((r) => [Number(r.row_id), r]));
    yield chunk.map((id) => found.get(id)).filter((r): r is Record<string, unknown> => r !== undefined);
  }
}
