import { useCallback, useEffect, useState } from 'react';
import type { Paginator } from '../lib/types.ts';
import type { ListSpec } from './list-query.ts';
import { usePagedList } from './use-paged-list.ts';
import { useListQuery } from './use-list-query.ts';

/** API query parameters of one page: the list state's params plus `page`. */
export type ListParams = Record<string, string | number>;

/** How long a freshly added row stays marked, in ms. */
export const NEW_ROW_MS = 4000;

/**
 * A paged list with its address state (useListQuery) and selection: `load(params)` fetches one
 * page for `{ ...params, page }`; it runs again when the page, the query or `deps` change.
 * `countExactly()` reloads with `count=exact` when the total came back capped ("10,000+").
 * `showNew(id)` opens the list sorted newest first on page 1 (a new row would otherwise land
 * on the last page, out of sight) and marks the row `id` for NEW_ROW_MS (`isNew(id)`).
 */
export function useList<T extends { id: number }>(load: (params: ListParams) => Promise<Paginator<T>>, spec: ListSpec, deps: unknown[] = []) {
  const lq = useListQuery(spec);
  // "Count exactly" holds for the list state it was asked on; any change of search or filter drops it.
  const [exactFor, setExactFor] = useState<string | null>(null);
  const exact = exactFor === lq.key;
  const list = usePagedList((page, seek) => load({ ...lq.params, ...(exact ? { count: 'exact' } : {}), ...seek, page }), [lq.key, exact, ...deps]);
  const countExactly = useCallback(() => setExactFor(lq.key), [lq.key]);
  const [fresh, setFresh] = useState<number | null>(null);
  useEffect(() => {
    if (fresh === null) return;
    const t = setTimeout(() => setFresh(null), NEW_ROW_MS);
    return () => clearTimeout(t);
  }, [fresh]);

  const { update } = lq;
  const { reload, page } = list;
  const showNew = useCallback((id?: number) => {
    if (typeof id === 'number') setFresh(id);
    const sorted = lq.query.sort === 'id' && lq.query.dir === 'desc' && !lq.query.q && page === 1;
    if (sorted || !spec.sortable?.includes('id')) void reload();
    else update({ sort: 'id', dir: 'desc', q: null });
  }, [lq.query, page, reload, update, spec.sortable]);

  return { ...list, lq, showNew, isNew: (id: number) => id === fresh, countExactly };
}

export type ListState<T extends { id: number }> = ReturnType<typeof useList<T>>;
