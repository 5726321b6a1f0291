import { groupDigits } from '../common/numbers.ts';

/**
 * The state of a list that lives in the address (admin-area §2–3):
 * `?q=` search text, `?sort=` a whitelisted column with `?dir=asc|desc`, `?per_page=` one of
 * PAGE_SIZES, one parameter per declared filter, and `?page=`. Pure: reads and writes query
 * strings only, so it is unit-tested without a DOM and shared by every list screen.
 */

/** Page sizes the console offers; the server accepts 1..100. */
export const PAGE_SIZES = [10, 25, 50, 100] as const;

export type SortDir = 'asc' | 'desc';

/**
 * What one screen declares: the columns its server whitelist sorts by, its filter names, and the
 * server's default order as a sort (null: none of the sortable ones; omitted: by id ascending, see use-list.ts defaultSortOf).
 */
export interface ListSpec {
  sortable?: readonly string[];
  filters?: readonly string[];
  defaultSort?: { sort: string; dir: SortDir } | null;
}

export interface ListQuery {
  q: string;
  /** null = the server's default order. */
  sort: string | null;
  dir: SortDir;
  /** null = the screen's spec page size (the server's default; no `per_page` sent). */
  perPage: number | null;
  /** Only declared filters with a non-empty value. */
  filters: Record<string, string>;
}

/**
 * Reads a list's state from a query string. Unknown sort columns, directions, page sizes and
 * undeclared filters are dropped, so a hand-edited address never produces a 422.
 */
export function readListQuery(search: string, spec: ListSpec): ListQuery {
  const p = new URLSearchParams(search);
  const sort = p.get('sort');
  const per = Number(p.get('per_page'));
  const filters: Record<string, string> = {};
  for (const f of spec.filters ?? []) {
    const v = p.get(f);
    if (v) filters[f] = v;
  }
  return {
    q: p.get('q')?.trim() ?? '',
    sort: sort && spec.sortable?.includes(sort) ? sort : null,
    dir: p.get('dir') === 'desc' ? 'desc' : 'asc',
    perPage: (PAGE_SIZES as readonly number[]).includes(per) ? per : null,
    filters,
  };
}

/** The API query parameters for a list state (page excluded); empty values are left out. */
export function apiParams(query: ListQuery): Record<string, string | number> {
  const out: Record<string, string | number> = { ...query.filters };
  if (query.q) out.q = query.q;
  if (query.sort) {
    out.sort = query.sort;
    out.dir = query.dir;
  }
  if (query.perPage) out.per_page = query.perPage;
  return out;
}

/** Address parameters a change writes; null removes one. */
export type QueryPatch = Partial<Record<'q' | 'sort' | 'dir' | 'per_page' | string, string | null>>;

/**
 * Applies a patch to a query string and returns the new one (without '?'). Any change other
 * than the page sends the list back to page 1, since the old page may no longer exist.
 */
export function patchSearch(search: string, patch: QueryPatch, pageParam = 'page'): string {
  const p = new URLSearchParams(search);
  for (const [k, v] of Object.entries(patch)) {
    if (v === null || v === undefined || v === '') p.delete(k);
    else p.set(k, v);
  }
  if (!(pageParam in patch)) p.delete(pageParam);
  return p.toString();
}

/** A header click: a new column sorts ascending; the sorted column flips its direction. */
export function nextSort(query: Pick<ListQuery, 'sort' | 'dir'>, column: string): { sort: string; dir: SortDir } {
  return { sort: column, dir: query.sort === column && query.dir === 'asc' ? 'desc' : 'asc' };
}

/** `aria-sort` of a column header. */
export const ariaSort = (query: Pick<ListQuery, 'sort' | 'dir'>, column: string) =>
  query.sort === column ? (query.dir === 'asc' ? 'ascending' : 'descending') : 'none';

/**
 * Total pages (admin-area §3): the API's last_page when it gives one, else ⌈total / per_page⌉;
 * at least 1. Bad or missing numbers count as one page.
 */
export function lastPageOf(p: { total?: number; per_page?: number; last_page?: number } | null | undefined): number {
  if (!p) return 1;
  if (Number.isFinite(p.last_page) && (p.last_page as number) >= 1) return Math.floor(p.last_page as number);
  const total = Number(p.total),
    per = Number(p.per_page);
  return total > 0 && per > 0 ? Math.ceil(total / per) : 1;
}

/**
 * "1,234 users" / "1 user": en-US grouping, the noun's plural by adding s unless given. `capped`
 * (the server counted only so far, Paginator `total_capped`): "10,000+ users".
 */
export const countText = (n: number, noun: string, plural = `${noun}s`, capped = false) =>
  `${groupDigits(n)}${capped ? '+' : ''} ${n === 1 && !capped ? noun : plural}`;
