import { useCallback, useEffect, useMemo, useReducer, useRef } from 'react';
import { useSearch } from 'wouter';
import { navigate } from 'wouter/use-browser-location';
import { apiParams, patchSearch, readListQuery, type ListSpec, type QueryPatch } from './list-query.ts';
import { NO_SELECTION, selectionReducer, type Selection, type SelectionAction } from './selection.ts';

/**
 * A list's search, sort, page size and filters kept in the address (list-query.ts), so reload,
 * back and a shared link keep them. `params` are the API query parameters (page excluded) and
 * `key` changes whenever they do, for a loader's dependencies. Every change but the page goes
 * back to page 1 and clears the selection.
 */
export function useListQuery(spec: ListSpec, pageParam = 'page') {
  const search = useSearch();
  const sortable = spec.sortable?.join(','),
    filterNames = spec.filters?.join(',');
  // biome-ignore lint/correctness/useExhaustiveDependencies: the spec counts by its sortable and filter names; a caller's fresh spec object with the same names is the same query
  const query = useMemo(() => readListQuery(search, spec), [search, sortable, filterNames]);
  const params = useMemo(() => apiParams(query), [query]);
  const key = JSON.stringify(params);

  // Absolute navigation: inside a nested route wouter's own search setter would add the nest's slash.
  const update = useCallback(
    (patch: QueryPatch) => {
      const next = patchSearch(window.location.search, patch, pageParam);
      if (`?${next}` === window.location.search || (next === '' && window.location.search === '')) return;
      navigate(window.location.pathname + (next ? `?${next}` : ''));
    },
    [pageParam],
  );

  const [selection, dispatchRaw] = useReducer(selectionReducer, NO_SELECTION);
  const select = dispatchRaw as (a: SelectionAction) => void;
  const lastKey = useRef(key);
  useEffect(() => {
    if (lastKey.current !== key) {
      lastKey.current = key;
      select({ type: 'clear' });
    }
  }, [key]);

  return {
    query,
    params,
    key,
    update,
    selection: selection as Selection,
    select,
    setSearch: useCallback((q: string) => update({ q: q.trim() || null }), [update]),
    setSort: useCallback((sort: string, dir: string) => update({ sort, dir }), [update]),
    setPerPage: useCallback((n: number | null) => update({ per_page: n ? String(n) : null }), [update]),
    setFilter: useCallback((name: string, value: string) => update({ [name]: value || null }), [update]),
  };
}

export type ListQueryState = ReturnType<typeof useListQuery>;
