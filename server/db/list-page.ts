import type { Sql } from './sql.ts';
import type { Paginator } from './index.ts';
import { orderOf, whereOf, type ListQuery, type ListSpec, type Scope } from './list-query.ts';

/**
 * Reading one page of a list (the list wire contract in docs/architecture.md; the params,
 * WHERE and ORDER BY come from list-query.ts): near pages in one round trip, far pages from
 * whichever end is closer.
 */

/** The same order walked from the other end: every ASC term DESC and back (NULLs follow on both engines). */
export const reverseOrder = (order: string) =>
  order.split(/,\s*/).map((t) => (/\sDESC$/i.test(t) ? t.replace(/\sDESC$/i, ' ASC') : `${t.replace(/\sASC$/i, '')} DESC`)).join(', ');

/** Rows before a page up to which it is read together with its total, in one statement. */
export const NEAR_ROWS = 1_000;

/**
 * One page of a list as the Laravel paginator; `perPage` is the spec size unless `per_page` was
 * sent. A page within the first NEAR_ROWS rows (every page people click through) is one round
 * trip: the total rides along as a scalar subquery, which both engines evaluate once. A page
 * further in reads the total first, then a back-half page from the other end (reversed order,
 * small OFFSET) turned round, so the last page costs what the first does. A page past the end
 * is empty.
 */
export async function listPage<T>(sql: Sql, spec: ListSpec, lq: ListQuery, scope: Scope, page: number, perPage: number): Promise<Paginator<T>> {
  const [where, params] = whereOf(spec, lq, scope, sql.engine);
  const size = lq.perPage ?? perPage;
  const current = Number.isInteger(page) && page > 0 ? page : 1;
  const whole = scope.count && !lq.q && !Object.keys(lq.filters).length;
  const [countSql, countParams] = whole ? [scope.count!, scope.params] : [`SELECT COUNT(*) AS n FROM ${spec.from} ${where}`, params];
  const offset = (current - 1) * size;
  const order = orderOf(spec, lq);
  let total: number | undefined;
  let data: T[] = [];
  if (offset < NEAR_ROWS) {
    const rows = await sql.all<T & { list_total?: number | string }>(
      `SELECT ${spec.columns}, (${countSql}) AS list_total FROM ${spec.from} ${where} ORDER BY ${order} LIMIT ? OFFSET ?`,
      [...countParams, ...params, size, offset]);
    // No rows on page 1 means no rows at all; past the end, the total is counted below.
    if (rows.length || offset === 0) total = rows.length ? Number(rows[0].list_total) : 0;
    for (const r of rows) delete r.list_total;
    data = rows;
  }
  if (total === undefined) {
    total = Number((await sql.get<{ n: number | string }>(countSql, countParams))?.n ?? 0);
    if (offset < total) {
      const fromEnd = total - offset - size;
      data = offset > total / 2
        ? (await sql.all<T>(`SELECT ${spec.columns} FROM ${spec.from} ${where} ORDER BY ${reverseOrder(order)} LIMIT ? OFFSET ?`,
          [...params, fromEnd < 0 ? size + fromEnd : size, Math.max(0, fromEnd)])).reverse()
        : await sql.all<T>(`SELECT ${spec.columns} FROM ${spec.from} ${where} ORDER BY ${order} LIMIT ? OFFSET ?`, [...params, size, offset]);
    }
  }
  return { current_page: current, per_page: size, total, last_page: Math.max(1, Math.ceil(total / size)), data };
}

