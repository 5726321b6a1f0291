import type { Param, Sql } from './sql.ts';
import {
  bodyOf,
  idOrder,
  keyColumns,
  marks,
  matchingIds,
  orderOf,
  seekTerms,
  sourceOf,
  sourceOrder,
  type ListQuery,
  type ListSpec,
  type Scope,
} from './list-query.ts';

/** Rows or ids per query: bounds memory to one chunk (plus, for a sorted export, the ids). */
const CHUNK = 1_000;

/** How many of `ids` lie within `scope` of the list (a bulk call's check; ids are read CHUNK at a time). */
export async function countVisible(tx: Sql, spec: ListSpec, scope: Scope, ids: number[]): Promise<number> {
  let seen = 0;
  for (let i = 0; i < ids.length; i += CHUNK) {
    const chunk = ids.slice(i, i + CHUNK);
    const where = scope.where ? `(${scope.where}) AND ` : '';
    const row = await tx.get<{ n: number | string }>(`SELECT COUNT(*) AS n FROM ${spec.from} WHERE ${where}${spec.idCol} IN (${marks(chunk.length)})`, [
      ...scope.params,
      ...chunk,
    ] as Param[]);
    seen += Number(row?.n ?? 0);
  }
  return seen;
}

/** A bulk `act` that deletes the ids from `table` (rows below go by the schema's cascades). */
export const deleteFrom = (table: string) => (tx: Sql, ids: number[]) => tx.run(`DELETE FROM ${table} WHERE id IN (${marks(ids.length)})`, ids);

/**
 * Every row matching `lq` within `scope`, in list order, CHUNK rows at a time, with the columns
 * of `spec.csv` as `c0, c1, …` (a CSV export: never the whole result at once). Where
 * the order allows seeking (list-query.ts seekTerms: the id, or a NULL-free sort the spec names)
 * each chunk seeks past the last row's key on the order's index, so memory stays flat and the whole
 * walk reads the index once; SQLite matches a search in order with LIKE there (an FTS match would
 * be re-sorted for every chunk) unless the order is the id. Any other order reads the matching ids
 * first (numbers only) and fetches their rows chunk by chunk, skipping a row deleted in between.
 */
export async function* rowsInListOrder(sql: Sql, spec: ListSpec, lq: ListQuery, scope: Scope): AsyncGenerator<Record<string, unknown>[]> {
  const byId = !!idOrder(spec, orderOf(spec, lq));
  const src = sourceOf(spec, lq, scope, sql.engine, !byId);
  const order = sourceOrder(spec, lq, src);
  const terms = seekTerms(spec, lq, order, src.rowid);
  if (terms) {
    const cols = `${spec.csv.map(([, e], i) => `${e} AS c${i}`).join(', ')}, ${keyColumns(terms)}`;
    const cmp = terms[0].desc ? '<' : '>';
    const seek = `(${terms.map((t) => t.expr).join(', ')}) ${cmp} (${terms.map(() => '?').join(', ')})`;
    let last: Param[] | null = null;
    for (;;) {
      const [body, params] = last ? bodyOf(src, [seek], last) : bodyOf(src);
      const rows: Record<string, unknown>[] = await sql.all<Record<string, unknown>>(`SELECT ${cols} ${body} ORDER BY ${order} LIMIT ${CHUNK}`, params);
      if (!rows.length) return;
      const end = rows[rows.length - 1];
      last = terms.map((_, i) => end[`list_k${i}`] as Param);
      yield rows;
      if (rows.length < CHUNK) return;
    }
  }
  const cols = `${spec.idCol} AS row_id, ${spec.csv.map(([, e], i) => `${e} AS c${i}`).join(', ')}`;
  const ids = await matchingIds(sql, spec, lq, scope);
  for (let i = 0; i < ids.length; i += CHUNK) {
    const chunk = ids.slice(i, i + CHUNK);
    const rows = await sql.all<Record<string, unknown>>(`SELECT ${cols} FROM ${spec.from} WHERE ${spec.idCol} IN (${marks(chunk.length)})`, chunk);
    const found = new Map(rows.map((r) => [Number(r.row_id), r]));
    yield chunk.map((id) => found.get(id)).filter((r): r is Record<string, unknown> => r !== undefined);
  }
}
