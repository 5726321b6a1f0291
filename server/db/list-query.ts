import type { Param, Sql } from './sql.ts';
import { invalidInput } from './errors.ts';

/**
 * The one list-query rule of every paged list (the list wire contract in docs/architecture.md):
 * optional `q` (case-insensitive substring), `sort` (whitelist) + `dir` (asc|desc), `per_page`
 * (integer 1..100) and per-list filters. Without them a list answers exactly as before: its
 * default order and spec page size. Bad values throw one 422 `validation_error`.
 */

/**
 * A filter param: its allowed values ('id' = any positive integer, 'date' = a YYYY-MM-DD date) and either a WHERE piece with
 * one `?` (bound to `param(v)`, else the value) or a function of the value giving piece and params.
 */
export interface ListFilter {
  values: readonly string[] | 'id' | 'date';
  where: string | ((v: string) => [string, Param[]]);
  param?: (v: string) => Param;
}

/** How one list reads: SQL pieces; `sort` maps wire names to SQL expressions (`id` always present). */
export interface ListSpec {
  /** FROM clause with aliases, e.g. `users u`. */
  from: string;
  /** The row id expression, e.g. `u.id`: bulk actions and the tie-break of every sort. */
  idCol: string;
  /** The SELECT list of a page. */
  columns: string;
  /** Expressions `q` is matched against (lower-cased by the query). */
  search: string[];
  /**
   * On SQLite, a trigram FTS5 table over the same columns (rowid = the row id, migration 003):
   * a `q` of 3+ characters is looked up there instead of scanning every row. PostgreSQL gets
   * the same effect from pg_trgm indexes under the plain LIKE.
   */
  fts?: string;
  sort: Record<string, string>;
  /** ORDER BY used when no `sort` is given (the spec order). */
  defaultOrder: string;
  filters?: Record<string, ListFilter>;
  /** CSV header -> SQL expression, in column order. */
  csv: [string, string][];
  /** CSV headers whose values are times in ms since 1970, written as ISO 8601 (UTC, e.g. 2026-05-02T09:30:00.000Z; empty when null). */
  csvTimes?: readonly string[];
  /** CSV headers whose values are text days `YYYY-MM-DD` (or UTC times `YYYY-MM-DD HH:MM:SS`): an `.xlsx` export writes them as dates. */
  csvDates?: readonly string[];
  /**
   * Sorts (wire names; 'default' = `defaultOrder`) whose terms are never NULL and share one
   * direction, so a page may be read by seeking from a cursor (list-page.ts). An order on the id
   * alone always may.
   */
  seek?: readonly string[];
  /**
   * The name `row_buckets` counts this table's rows under (migration 023, e.g. 'users'): a far
   * page of the whole list (no search, filter or narrower scope) in id order, asked by its
   * number, starts from those counts instead of an OFFSET over every row before it (list-page.ts).
   */
  buckets?: string;
}

/**
 * A list call's validated params. `exact`: `count=exact` was sent, so the total is counted to the
 * end instead of capped (list-page.ts COUNT_CAP). `after` / `before`: a cursor a neighbouring page
 * answered (`next_cursor` / `prev_cursor`), so this page is read by seeking instead of OFFSET.
 */
export interface ListQuery {
  q: string;
  sort: string;
  dir: 'asc' | 'desc';
  perPage?: number;
  filters: Record<string, string>;
  exact?: boolean;
  after?: CursorAt;
  before?: CursorAt;
}
/** The sort-key values of one row (each ORDER BY term's value, the id last), as a cursor carries them. */
export type Cursor = (string | number)[];
/** A cursor: the page it was answered with and the key of that page's last (next_cursor) or first (prev_cursor) row. */
export interface CursorAt {
  page: number;
  key: Cursor;
}
/**
 * Rows the caller may see at all (organiser, event, "Role can access to"): a WHERE piece and its
 * params; `count`, when given, is a cheaper query (same params, one row `n`) for the total of the
 * whole scope, used when no search or filter narrows it.
 */
export interface Scope {
  where: string;
  params: Param[];
  count?: string;
}
export const ALL: Scope = { where: '', params: [] };
/** No list params: the spec order and size (for callers outside a request, e.g. the seed). */
export const PLAIN: ListQuery = { q: '', sort: '', dir: 'asc', filters: {} };

export const MAX_PER_PAGE = 100;
const MAX_Q = 255;
/** Longest cursor text accepted (base64url of a few sort-key values). */
const MAX_CURSOR = 1_000;

/** A cursor as the wire carries it: base64url of the JSON array [page, ...the row's sort-key values]. */
export const encodeCursor = (at: CursorAt) => Buffer.from(JSON.stringify([at.page, ...at.key])).toString('base64url');
/** The page and key of a cursor text, or null when it is not one (wrong shape, length or value kinds). */
export function decodeCursor(text: string): CursorAt | null {
  if (text.length > MAX_CURSOR || !/^[A-Za-z0-9_-]+$/.test(text)) return null;
  try {
    const v: unknown = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
    if (!Array.isArray(v) || v.length < 2 || v.length > 9 || !Number.isInteger(v[0]) || v[0] < 1 || v[0] > 1e9) return null;
    const key = v.slice(1);
    return key.every((x) => (typeof x === 'number' && Number.isFinite(x)) || (typeof x === 'string' && x.length <= 255)) ? { page: v[0], key } : null;
  } catch {
    return null;
  }
}

/** Reads and validates the list params of `input` (query or body); throws 422 naming each bad one. */
export function readListQuery(spec: ListSpec, input: Record<string, string | undefined>): ListQuery {
  const errors: Record<string, string[]> = {};
  const q = (input.q ?? '').trim();
  if (q.length > MAX_Q) errors.q = [`The q may not be greater than ${MAX_Q} characters.`];
  const sort = input.sort ?? '';
  if (sort !== '' && !Object.hasOwn(spec.sort, sort)) errors.sort = ['The selected sort is invalid.'];
  const dir = input.dir ?? '';
  if (dir !== '' && dir !== 'asc' && dir !== 'desc') errors.dir = ['The selected dir is invalid.'];
  let perPage: number | undefined;
  if (input.per_page !== undefined) {
    perPage = /^\d{1,3}$/.test(input.per_page) ? Number(input.per_page) : NaN;
    if (!(perPage >= 1 && perPage <= MAX_PER_PAGE)) errors.per_page = [`The per page must be an integer between 1 and ${MAX_PER_PAGE}.`];
  }
  const filters: Record<string, string> = {};
  for (const [name, f] of Object.entries(spec.filters ?? {})) {
    const v = input[name];
    if (v === undefined || v === '') continue;
    const good =
      f.values === 'id'
        ? /^\d{1,9}$/.test(v) && Number(v) > 0
        : f.values === 'date'
          ? /^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`))
          : f.values.includes(v);
    if (good) filters[name] = v;
    else errors[name] = [`The selected ${name.replaceAll('_', ' ')} is invalid.`];
  }
  const count = input.count ?? '';
  if (count !== '' && count !== 'exact') errors.count = ['The selected count is invalid.'];
  const cursors: Partial<Record<'after' | 'before', CursorAt>> = {};
  for (const name of ['after', 'before'] as const) {
    const v = input[name];
    if (v === undefined || v === '') continue;
    const at = decodeCursor(v);
    if (at) cursors[name] = at;
    else errors[name] = [`The selected ${name} is invalid.`];
  }
  if (cursors.after && cursors.before) errors.before = ['The before field prohibits after from being present.'];
  if (Object.keys(errors).length) throw invalidInput(errors);
  return { q, sort, dir: dir === 'desc' ? 'desc' : 'asc', perPage, filters, ...(count === 'exact' ? { exact: true } : {}), ...cursors };
}

/** The WHERE clause (with `WHERE`, or '') and params of scope + search + filters (an FTS match as `id IN (…)`; lists read through sourceOf). */
export function whereOf(spec: ListSpec, lq: Pick<ListQuery, 'q' | 'filters'>, scope: Scope, engine: Sql['engine'], scan = false): [string, Param[]] {
  const parts: string[] = [];
  const params: Param[] = [];
  if (scope.where) {
    parts.push(`(${scope.where})`);
    params.push(...scope.params);
  }
  if (lq.q && spec.fts && engine === 'sqlite' && [...lq.q].length >= 3 && !scan) {
    parts.push(`${spec.idCol} IN (SELECT rowid FROM ${spec.fts} WHERE ${spec.fts} MATCH ?)`);
    params.push(ftsPhrase(lq.q));
  } else if (lq.q) {
    const pattern = `%${lq.q.toLowerCase().replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
    parts.push(`(${spec.search.map((e) => `lower(${e}) LIKE ? ESCAPE '\\'`).join(' OR ')})`);
    params.push(...spec.search.map(() => pattern));
  }
  for (const [name, v] of Object.entries(lq.filters)) {
    const f = spec.filters![name];
    const [piece, values] = typeof f.where === 'function' ? f.where(v) : [f.where, [f.param ? f.param(v) : f.values === 'id' ? Number(v) : v]];
    parts.push(`(${piece})`);
    params.push(...values);
  }
  return [parts.length ? `WHERE ${parts.join(' AND ')}` : '', params];
}

/**
 * Where a list's rows come from: `from` (the list's FROM, joined with its FTS match on SQLite),
 * the WHERE pieces (ANDed), and the params of both in text order. `rowid`: the FTS match's row id
 * column when joined; an order on the list's id walks it instead (FTS5 answers rowid order as it
 * reads, so a broad match stops after one page instead of collecting every match).
 */
export interface Source {
  from: string;
  parts: string[];
  params: Param[];
  rowid?: string;
}

/**
 * The Source of scope + search + filters. A `q` of 3+ characters on SQLite, when the list has an
 * FTS table, is matched there (trigram, case-folded) and joined; `scan: true` matches it with
 * `lower(col) LIKE` on each row instead, which pays when the order's index is walked and most
 * rows match (list-page.ts decides). PostgreSQL always uses LIKE, which its pg_trgm indexes serve.
 */
export function sourceOf(spec: ListSpec, lq: Pick<ListQuery, 'q' | 'filters'>, scope: Scope, engine: Sql['engine'], scan = false): Source {
  if (lq.q && spec.fts && engine === 'sqlite' && [...lq.q].length >= 3 && !scan) {
    const [where, params] = whereOf(spec, { q: '', filters: lq.filters }, scope, engine);
    return {
      from: `(SELECT rowid AS fts_id FROM ${spec.fts} WHERE ${spec.fts} MATCH ?) fts JOIN ${spec.from} ON ${spec.idCol} = fts.fts_id`,
      parts: where ? [where.slice('WHERE '.length)] : [],
      params: [ftsPhrase(lq.q), ...params],
      rowid: 'fts.fts_id',
    };
  }
  const [where, params] = whereOf(spec, lq, scope, engine, true);
  return { from: spec.from, parts: where ? [where.slice('WHERE '.length)] : [], params };
}

/** `FROM … WHERE …` of a source with `extra` pieces ANDed (their params after the source's). */
export function bodyOf(src: Source, extra: string[] = [], extraParams: Param[] = []): [string, Param[]] {
  const parts = [...src.parts, ...extra];
  return [`FROM ${src.from}${parts.length ? ` WHERE ${parts.map((p) => `(${p})`).join(' AND ')}` : ''}`, [...src.params, ...extraParams]];
}

/** `q` as one FTS5 phrase (quotes doubled): a substring match, as LIKE '%q%' is. */
const ftsPhrase = (q: string) => `"${q.replaceAll('"', '""')}"`;

/** ORDER BY body: the chosen column then the id in the same direction, else the list's default. */
export function orderOf(spec: ListSpec, lq: Pick<ListQuery, 'sort' | 'dir'>): string {
  if (!lq.sort) return spec.defaultOrder;
  const dir = lq.dir.toUpperCase();
  const expr = spec.sort[lq.sort];
  return expr === spec.idCol ? `${expr} ${dir}` : `${expr} ${dir}, ${spec.idCol} ${dir}`;
}

/** Ids of every matching row in list order (export, "select all N matching"): ids only, never rows. */
export async function matchingIds(sql: Sql, spec: ListSpec, lq: ListQuery, scope: Scope): Promise<number[]> {
  const src = sourceOf(spec, lq, scope, sql.engine);
  const [body, params] = bodyOf(src);
  const rows = await sql.all<{ id: number }>(`SELECT ${spec.idCol} AS id ${body} ORDER BY ${sourceOrder(spec, lq, src)}`, params);
  return rows.map((r) => Number(r.id));
}

/** The list order over `src`: an order on the id alone walks the FTS match's rowid when joined. */
export function sourceOrder(spec: ListSpec, lq: Pick<ListQuery, 'sort' | 'dir'>, src: Source): string {
  const order = orderOf(spec, lq);
  const byId = idOrder(spec, order);
  return src.rowid && byId ? `${src.rowid} ${byId}` : order;
}

/** 'ASC' or 'DESC' when `order` is the list's id alone, else null. */
export function idOrder(spec: ListSpec, order: string): 'ASC' | 'DESC' | null {
  const m = new RegExp(`^${spec.idCol.replace('.', '\\.')}( ASC| DESC)?$`).exec(order);
  return m ? (m[1] === ' DESC' ? 'DESC' : 'ASC') : null;
}

/** One ORDER BY term: its SQL expression and direction. */
export interface Term {
  expr: string;
  desc: boolean;
}
const termsOf = (order: string): Term[] =>
  order.split(/,\s*/).map((t) => {
    const desc = /\sDESC$/i.test(t);
    return { expr: t.replace(/\s(ASC|DESC)$/i, ''), desc };
  });

/**
 * The terms of `order` when a page may be read by seeking on them: one direction throughout and
 * either the id alone or a sort the spec declares NULL-free (`ListSpec.seek`), since a NULL key
 * would fall out of a row comparison. Else null (such a list pages by OFFSET only).
 */
export function seekTerms(spec: ListSpec, lq: Pick<ListQuery, 'sort'>, order: string, rowid?: string): Term[] | null {
  const terms = termsOf(order);
  if (terms.some((t) => t.desc !== terms[0].desc)) return null;
  if (terms.length === 1 && (terms[0].expr === spec.idCol || terms[0].expr === rowid)) return terms;
  return spec.seek?.includes(lq.sort || 'default') ? terms : null;
}

/** Key columns `k0, k1, …` of `terms`, read with each row so its cursor can be answered. */
export const keyColumns = (terms: Term[]) => terms.map((t, i) => `${t.expr} AS list_k${i}`).join(', ');

/** A `?,?,?` list for `n` params. */
export const marks = (n: number) => Array.from({ length: n }, () => '?').join(',');
