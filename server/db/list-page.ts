import type { Param, Sql } from './sql.ts';
import type { Paginator } from './index.ts';
import { DbError, invalidInput } from './errors.ts';
import { LIST_COUNT_CAP, LIST_SEEK_PAGES } from '../../src/common/contract/rules.ts';
import { ROW_BUCKET } from './migrations/023-row-buckets.ts';
import {
  bodyOf,
  encodeCursor,
  idOrder,
  keyColumns,
  orderOf,
  seekTerms,
  sourceOf,
  sourceOrder,
  type Cursor,
  type ListQuery,
  type ListSpec,
  type Scope,
} from './list-query.ts';

/**
 * Reading one page of a list (the list wire contract in docs/architecture.md "Lists"; the params,
 * WHERE and ORDER BY come from list-query.ts): near pages in one round trip, totals capped at
 * COUNT_CAP unless `count=exact`, far pages by seeking from a neighbour's cursor or from
 * whichever end is closer.
 */

/**
 * `rows` without the columns `drop` (a page's own helper columns: its cursor keys, its total), as
 * new objects of one shape. Deleting a property turns a V8 object into a dictionary, whose JSON
 * and garbage cost more on every list answer; copying the kept columns keeps them fast.
 */
function withoutColumns<R extends Record<string, unknown>>(rows: R[], drop: readonly string[]): R[] {
  const columns = rows.length ? Object.keys(rows[0]) : [];
  const keep = columns.filter((k) => !drop.includes(k));
  if (keep.length === columns.length) return rows;
  return rows.map((r) => {
    const out: Record<string, unknown> = {};
    for (const k of keep) out[k] = r[k];
    return out as R;
  });
}

/** The same order walked from the other end: every ASC term DESC and back (NULLs follow on both engines). */
export const reverseOrder = (order: string) =>
  order
    .split(/,\s*/)
    .map((t) => (/\sDESC$/i.test(t) ? t.replace(/\sDESC$/i, ' ASC') : `${t.replace(/\sASC$/i, '')} DESC`))
    .join(', ');

/** Rows before a page up to which it is read together with its total, in one statement. */
export const NEAR_ROWS = 1_000;

/**
 * Matches counted at most: past it a list answers `total` COUNT_CAP (or the rows it
 * has seen, when a page lies further) with `total_capped: true`, and the console shows
 * "10,000+"; `count=exact` counts to the end. Counting a million matches costs what reading them
 * does; counting to 10,001 stops early.
 */
export const COUNT_CAP = LIST_COUNT_CAP;

/**
 * How long a count over COUNT_CAP is reused for the same filter, in ms: a capped one ("more than
 * COUNT_CAP match") and the exact one a page past the cap counts to find the end.
 */
export const CAPPED_TTL_MS = 5_000;
const CACHE_MAX = 500;
/** Per database handle: count statement + params -> when it was last found over the cap. */
let capped = new WeakMap<Sql, Map<string, { at: number; n: number }>>();

/**
 * Forgets every capped count of this process (a bulk delete may bring a filter under the cap; the
 * caller's `sql` may be a wrapper of the handle lists read through, so all go). Counts of other
 * processes expire after CAPPED_TTL_MS; a capped total only says "more than 10,000", so a few
 * seconds' staleness shows at most a "10,000+" that is by then a little less.
 */
export const forgetCounts = () => {
  capped = new WeakMap();
};

/** A count over COUNT_CAP noted for `key` within CAPPED_TTL_MS (COUNT_CAP + 1 for a capped one), or undefined. */
function recalled(sql: Sql, key: string, now = Date.now()): number | undefined {
  const hit = capped.get(sql)?.get(key);
  return hit && now - hit.at < CAPPED_TTL_MS ? hit.n : undefined;
}
function note(sql: Sql, key: string, n: number) {
  let m = capped.get(sql);
  if (!m) capped.set(sql, (m = new Map()));
  if (m.size >= CACHE_MAX) m.clear();
  m.set(key, { at: Date.now(), n });
}

/**
 * One page of a list as the Laravel paginator; `perPage` is the spec size unless `per_page` was
 * sent.
 * - Total: the whole scope's trigger-kept count when nothing narrows it; `count=exact` counts
 *   every match; otherwise matches are counted up to COUNT_CAP + 1 and a list with more answers
 *   `total_capped: true` (a capped answer is reused for CAPPED_TTL_MS).
 * - A page within the first NEAR_ROWS rows is one round trip (the total as a scalar subquery).
 * - `after` / `before` (a shown page's `next_cursor` / `prev_cursor`, on an order that allows it,
 *   for a page up to LIST_SEEK_PAGES later / earlier): the page is read by seeking past that row
 *   on the order's index and skipping the pages between, so page 50,000 costs what page 2 does.
 *   Pages read this way are the rows OFFSET would give while nothing changes between. A cursor
 *   farther from the page (or on its wrong side) is not used: the page is read by its number.
 * - A far page without a cursor: after the total, a back-half page reads from the other end
 *   (reversed order, small OFFSET) turned round. Past a capped total's COUNT_CAP rows it counts to
 *   the end first (and answers that exact total, reused for CAPPED_TTL_MS like a capped one), so
 *   the last page costs what the first does.
 * - A far page of a whole list in id order (no search, filter or narrower scope; `spec.buckets`)
 *   starts from the per-bucket row counts of migration 023 (`bucketRead`): any page costs what
 *   page 2 does.
 * - Rows an OFFSET skips are found by id alone (a deferred join), never with the page's columns.
 * - A page past the end is empty.
 * - SQLite with a broad search (over the cap) on an order other than the id walks the order's
 *   index testing each row (LIKE) instead of sorting every FTS match.
 */
export async function listPage<T>(sql: Sql, spec: ListSpec, lq: ListQuery, scope: Scope, page: number, perPage: number): Promise<Paginator<T>> {
  const size = lq.perPage ?? perPage;
  const current = Number.isInteger(page) && page > 0 ? page : 1;
  const offset = (current - 1) * size;
  const whole = !!scope.count && !lq.q && !Object.keys(lq.filters).length;
  let src = sourceOf(spec, lq, scope, sql.engine);
  const [countBody, countBodyParams] = bodyOf(src);
  let exact = whole || !!lq.exact;
  const [countSql, countParams]: [string, Param[]] = whole
    ? [scope.count!, scope.params]
    : lq.exact
      ? [`SELECT COUNT(*) AS n ${countBody}`, countBodyParams]
      : [`SELECT COUNT(*) AS n FROM (SELECT 1 AS one ${countBody} LIMIT ${COUNT_CAP + 1}) capped`, countBodyParams];
  const cacheKey = `${countSql}\u0000${JSON.stringify(countParams)}`;
  const cachedCap = !exact && recalled(sql, cacheKey) !== undefined;
  let n: number | undefined = cachedCap ? COUNT_CAP + 1 : undefined;
  const count = async () => Number((await sql.get<{ n: number | string }>(countSql, countParams))?.n ?? 0);
  // Past the cap without a cursor: the end is counted, and that count (over COUNT_CAP) is reused as a capped one is.
  const exactKey = `exact\u0000${cacheKey}`;
  const exactCount = async () => {
    const known = recalled(sql, exactKey);
    if (known !== undefined) return known;
    const counted = Number((await sql.get<{ n: number | string }>(`SELECT COUNT(*) AS n ${countBody}`, countBodyParams))?.n ?? 0);
    if (counted > COUNT_CAP) note(sql, exactKey, counted);
    return counted;
  };

  // SQLite, FTS joined, ordered other than by id: a broad match is better walked along the order.
  if (src.rowid && !idOrder(spec, orderOf(spec, lq))) {
    n ??= await count();
    if (n > COUNT_CAP) src = sourceOf(spec, lq, scope, sql.engine, true);
  }
  const order = sourceOrder(spec, lq, src);
  const terms = seekTerms(spec, lq, order, src.rowid);
  const at = lq.after ?? lq.before;
  const cursor = at?.key;
  // Pages between the cursor's page and this one: skipped after seeking (a cursor farther away is not used).
  const between = at ? (lq.after ? current - at.page : at.page - current) - 1 : -1;
  const badCursor = () => invalidInput({ [lq.after ? 'after' : 'before']: [`The selected ${lq.after ? 'after' : 'before'} is invalid.`] });
  // Every seekable order ends in the id: its key must be a whole number; other keys a database type check answers.
  if (cursor && (!terms || cursor.length !== terms.length || !/^[1-9]\d{0,15}$/.test(String(cursor[cursor.length - 1])))) throw badCursor();
  const cols = terms ? `${spec.columns}, ${keyColumns(terms)}` : spec.columns;
  const [body, params] = bodyOf(src);
  type Row = T & Record<string, unknown>;

  /**
   * `limit` rows at `skip` in `ord`. The skipped rows are found by id alone and the page's columns
   * read for its own rows only (a deferred join): PostgreSQL computes a row's select list (the
   * users' roles subquery) even for rows OFFSET skips. SQLite's FTS join is read as it is.
   */
  const skipRead = (ord: string, limit: number, skip: number) =>
    src.rowid || skip === 0
      ? sql.all<Row>(`SELECT ${cols} ${body} ORDER BY ${ord} LIMIT ? OFFSET ?`, [...params, limit, skip])
      : sql.all<Row>(
          `SELECT ${cols} FROM ${spec.from} WHERE ${spec.idCol} IN (SELECT ${spec.idCol} ${body} ORDER BY ${ord} LIMIT ? OFFSET ?) ORDER BY ${ord}`,
          [...params, limit, skip],
        );
  /**
   * `limit` rows at `skip` of the whole list in id order (`asc` or not), started from the bucket
   * counts of migration 023: the bucket holding row `skip` is found by summing the counts (one
   * small row per ROW_BUCKET ids), then the page is read from that bucket's first id with an
   * OFFSET under ROW_BUCKET. A page past the end is empty.
   */
  const bucketRead = async (asc: boolean, limit: number, skip: number): Promise<Row[]> => {
    const buckets = await sql.all<{ b: number | string; n: number | string }>(
      `SELECT bucket AS b, n FROM row_buckets WHERE name = ? AND n > 0 ORDER BY bucket ${asc ? 'ASC' : 'DESC'}`,
      [spec.buckets!],
    );
    let seen = 0;
    for (const { b, n: inBucket } of buckets) {
      const k = Number(inBucket);
      if (seen + k > skip) {
        const bucket = Number(b);
        const [from, fromParams] = bodyOf(src, [asc ? `${spec.idCol} >= ?` : `${spec.idCol} < ?`], [asc ? bucket * ROW_BUCKET : (bucket + 1) * ROW_BUCKET]);
        return sql.all<Row>(`SELECT ${cols} ${from} ORDER BY ${order} LIMIT ? OFFSET ?`, [...fromParams, limit, skip - seen]);
      }
      seen += k;
    }
    return [];
  };
  let rows: Row[] | undefined;
  let more = false;
  const overCap = () => !exact && n !== undefined && n > COUNT_CAP;
  if (cursor && current > 1 && terms && between >= 0 && between < LIST_SEEK_PAGES) {
    // Seek: rows after (or before) the cursor's key on the order's own index, then the pages between.
    const backward = !!lq.before;
    const cmp = terms[0].desc !== backward ? '<' : '>';
    const [seekBody, seekParams] = bodyOf(src, [`(${terms.map((t) => t.expr).join(', ')}) ${cmp} (${cursor.map(() => '?').join(', ')})`], cursor);
    const read = await sql
      .all<Row>(`SELECT ${cols} ${seekBody} ORDER BY ${backward ? reverseOrder(order) : order} LIMIT ? OFFSET ?`, [...seekParams, size + 1, between * size])
      .catch((err: unknown) => {
        throw err instanceof DbError && err.kind === 'invalid' ? badCursor() : err;
      });
    more = backward || read.length > size;
    rows = read.slice(0, size);
    if (backward) rows.reverse();
    n ??= await count();
  } else if (offset < NEAR_ROWS && n === undefined) {
    const read = await sql.all<Row & { list_total?: number | string }>(
      `SELECT ${cols}, (${countSql}) AS list_total ${body} ORDER BY ${order} LIMIT ? OFFSET ?`,
      [...countParams, ...params, size, offset],
    );
    // No rows on page 1 means no rows at all; past the end, the total is counted below.
    if (read.length || offset === 0) n = read.length ? Number(read[0].list_total) : 0;
    rows = read;
    if (n === undefined) n = await count();
  } else {
    n ??= await count();
    if (overCap() && offset + size <= COUNT_CAP) {
      const read = await skipRead(order, size + 1, offset);
      more = read.length > size;
      rows = read.slice(0, size);
    } else {
      // A page past the cap reached without a cursor (an address typed or kept): count to the end,
      // so a back-half page is read from the other end.
      if (overCap()) {
        n = await exactCount();
        exact = true;
      }
      const byId = whole && spec.buckets ? idOrder(spec, order) : null;
      if (offset >= n) rows = [];
      else if (byId) rows = await bucketRead(byId === 'ASC', size, offset);
      else {
        const fromEnd = n - offset - size;
        rows =
          offset > n / 2
            ? (await skipRead(reverseOrder(order), fromEnd < 0 ? size + fromEnd : size, Math.max(0, fromEnd))).reverse()
            : await skipRead(order, size, offset);
      }
    }
  }
  const isCapped = overCap();
  if (isCapped && !cachedCap) note(sql, cacheKey, COUNT_CAP + 1);
  const total = isCapped ? Math.max(COUNT_CAP, offset + rows.length + (more ? 1 : 0)) : n;
  const lastPage = Math.max(1, Math.ceil(total / size));
  const keyOf = (r: Row | undefined): string | undefined => {
    if (!r || !terms) return undefined;
    const key = terms.map((_, i) => r[`list_k${i}`]);
    return key.every((v) => typeof v === 'number' || typeof v === 'string') ? encodeCursor({ page: current, key: key as Cursor }) : undefined;
  };
  const next = current < lastPage ? keyOf(rows[rows.length - 1]) : undefined;
  const prev = current > 1 ? keyOf(rows[0]) : undefined;
  return {
    current_page: current,
    per_page: size,
    total,
    last_page: lastPage,
    data: withoutColumns(rows, ['list_total', ...(terms ?? []).map((_, i) => `list_k${i}`)]) as T[],
    ...(isCapped ? { total_capped: true as const } : {}),
    ...(next ? { next_cursor: next } : {}),
    ...(prev ? { prev_cursor: prev } : {}),
  };
}
