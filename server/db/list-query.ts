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
export interface ListFilter { values: readonly string[] | 'id' | 'date'; where: string | ((v: string) => [string, Param[]]); param?: (v: string) => Param }

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
}

export interface ListQuery { q: string; sort: string; dir: 'asc' | 'desc'; perPage?: number; filters: Record<string, string> }
/**
 * Rows the caller may see at all (organiser, event, "Role can access to"): a WHERE piece and its
 * params; `count`, when given, is a cheaper query (same params, one row `n`) for the total of the
 * whole scope, used when no search or filter narrows it.
 */
export interface Scope { where: string; params: Param[]; count?: string }
export const ALL: Scope = { where: '', params: [] };
/** No list params: the spec order and size (for callers outside a request, e.g. the seed). */
export const PLAIN: ListQuery = { q: '', sort: '', dir: 'asc', filters: {} };

export const MAX_PER_PAGE = 100;
const MAX_Q = 255;

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
    const good = f.values === 'id' ? /^\d{1,9}$/.test(v) && Number(v) > 0
      : f.values === 'date' ? /^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`))
      : f.values.includes(v);
    if (good) filters[name] = v;
    else errors[name] = [`The selected ${name.replaceAll('_', ' ')} is invalid.`];
  }
  if (Object.keys(errors).length) throw invalidInput(errors);
  return { q, sort, dir: dir === 'desc' ? 'desc' : 'asc', perPage, filters };
}

/** The WHERE clause (with `WHERE`, or '') and params of scope + search + filters. */
export function whereOf(spec: ListSpec, lq: Pick<ListQuery, 'q' | 'filters'>, scope: Scope, engine: Sql['engine']): [string, Param[]] {
  const parts: string[] = [];
  const params: Param[] = [];
  if (scope.where) { parts.push(`(${scope.where})`); params.push(...scope.params); }
  if (lq.q && spec.fts && engine === 'sqlite' && [...lq.q].length >= 3) {
    parts.push(`${spec.idCol} IN (SELECT rowid FROM ${spec.fts} WHERE ${spec.fts} MATCH ?)`);
    params.push(`"${lq.q.replaceAll('"', '""')}"`);
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

/** ORDER BY body: the chosen column then the id in the same direction, else the list's default. */
export function orderOf(spec: ListSpec, lq: Pick<ListQuery, 'sort' | 'dir'>): string {
  if (!lq.sort) return spec.defaultOrder;
  const dir = lq.dir.toUpperCase();
  const expr = spec.sort[lq.sort];
  return expr === spec.idCol ? `${expr} ${dir}` : `${expr} ${dir}, ${spec.idCol} ${dir}`;
}

/** Ids of every matching row in list order (export, "select all N matching"): ids only, never rows. */
export async function matchingIds(sql: Sql, spec: ListSpec, lq: ListQuery, scope: Scope): Promise<number[]> {
  const [where, params] = whereOf(spec, lq, scope, sql.engine);
  const rows = await sql.all<{ id: number }>(`SELECT ${spec.idCol} AS id FROM ${spec.from} ${where} ORDER BY ${orderOf(spec, lq)}`, params);
  return rows.map((r) => Number(r.id));
}

/** A `?,?,?` list for `n` params. */
export const marks = (n: number) => Array.from({ length: n }, () => '?').join(',');
