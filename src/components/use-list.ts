import { useCallback, useEffect, useRef, useState } from 'react';
import type { Paginator } from '../lib/types.ts';
import type { ListSpec, SortDir } from './list-query.ts';
import { usePagedList } from './use-paged-list.ts';
import { useListQuery } from './use-list-query.ts';

/** API query parameters of one page: the list state's params plus `page`. */
export type ListParams = Record<string, string | number>;

/** How long a freshly added or changed row stays marked, in ms (the row-new highlight). */
export const NEW_ROW_MS = 4000;

/** The order a list shows without `?sort=`: the spec's `defaultSort`, else by id ascending when the list sorts by id. */
export const defaultSortOf = (spec: ListSpec): { sort: string; dir: SortDir } | null =>
  spec.defaultSort !== undefined ? spec.defaultSort : spec.sortable?.includes('id') ? { sort: 'id', dir: 'asc' } : null;

/**
 * A paged list with its address state (useListQuery) and selection: `load(params)` fetches one
 * page for `{ ...params, page }`; it runs again when the page, the query or `deps` change.
 * `countExactly()` reloads with `count=exact` when the total came back capped ("10,000+").
 *
 * After an add or edit the list keeps its order, search, filters and page: `showNew(id)` and
 * `showChanged(id, answered)` reload the page shown and mark the row `id` (`isNew(id)`, for NEW_ROW_MS);
 * an edited row that the reload no longer shows here appears on top as the edit answered it
 * (`justAdded`, `justAddedKind` 'changed').
 * A new row that does not fall on this page in this order is read once more (the newest row of
 * the list, by id) and shown on top as `justAdded` until the page or the query changes, another
 * `reload()` (after a delete or an edit) or `dismissAdded()`. `reveal(id)` is the success toast's "Show it": it scrolls to the row when it
 * is on screen, else opens the list newest first (no search or filter) on page 1, where it is.
 * `defaultSort` is the order shown without `?sort=` (defaultSortOf), for the header's arrow.
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
  /** The row an add made (read apart) or an edit answered, the list state (query key and page) it happened on, and which it was. */
  const [added, setAdded] = useState<{ row: T; key: string; page: number; kind: 'added' | 'changed' } | null>(null);
  const loadRef = useRef(load);
  loadRef.current = load;

  const { update } = lq;
  const { reload, page, rows } = list;
  const key = lq.key;
  // Any other reload (a delete, an edit) ends the "Just added" group: its row may be gone or changed.
  const reloadAll = useCallback(() => {
    setAdded(null);
    return reload();
  }, [reload]);
  // An edit that moves its row off this page (a new name in a list sorted by name) shows the row
  // as the edit answered it on top, as an add does, so the change is never out of sight.
  const showChanged = useCallback(
    (id: number, answered?: unknown) => {
      setFresh(id);
      void reloadAll();
      const row = answered as T | null | undefined;
      if (row && typeof row === 'object' && row.id === id) setAdded({ row, key, page, kind: 'changed' });
    },
    [reloadAll, key, page],
  );
  const showNew = useCallback(
    (id?: number) => {
      void reload();
      if (typeof id !== 'number') return;
      setFresh(id);
      if (!spec.sortable?.includes('id')) return;
      // The newest row of the whole list is the one just added (scope parameters come with `load`).
      loadRef.current({ sort: 'id', dir: 'desc', per_page: 1, page: 1 }).then((r) => {
        const row = r.data[0];
        if (row?.id === id) setAdded({ row, key, page, kind: 'added' });
      }, console.error);
    },
    [reload, key, page, spec.sortable],
  );

  const justAdded = added && added.key === key && added.page === page && !list.loading && !rows.some((r) => r.id === added.row.id) ? added.row : null;
  const justAddedKind = justAdded ? added!.kind : null;
  const reveal = useCallback(
    (id: number) => {
      const tr = document.querySelector<HTMLElement>(`tr[data-row-id="${id}"]`);
      setFresh(id);
      if (tr) {
        tr.scrollIntoView({ block: 'center' });
        tr.focus({ preventScroll: true });
        return;
      }
      const clear: Record<string, null> = Object.fromEntries((spec.filters ?? []).map((f) => [f, null]));
      update({ ...clear, sort: 'id', dir: 'desc', q: null });
    },
    [update, spec.filters],
  );

  return {
    ...list,
    reload: reloadAll,
    lq,
    showNew,
    showChanged,
    reveal,
    isNew: (id: number) => id === fresh,
    countExactly,
    justAdded,
    justAddedKind,
    dismissAdded: useCallback(() => setAdded(null), []),
    defaultSort: defaultSortOf(spec),
  };
}

export type ListState<T extends { id: number }> = ReturnType<typeof useList<T>>;
