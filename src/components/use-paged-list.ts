import { useCallback, useEffect, useRef, useState } from 'react';
import { useSearch } from 'wouter';
import { navigate } from 'wouter/use-browser-location';
import type { Paginator } from '../lib/types.ts';
import { lastPageOf } from './list-query.ts';
import { LIST_SEEK_PAGES } from '../common/contract/rules.ts';

/** How a page may be read from a neighbour: the API's `after` / `before` with that page's cursor. */
export type PageSeek = { after: string } | { before: string };

/**
 * A paged list whose page lives in the address (`?page=N`, admin-area §2), so reload and
 * back/forward keep it. `load(page)` fetches one page; it runs on open and whenever the page
 * or `deps` change; `reload()` fetches the current page again after a change. Load failures are
 * only logged (admin-area §8) and leave `error` set (`failure` is what was thrown) so the screen
 * can say so and offer Retry (`reload`); the rows of the last good load stay meanwhile. Total
 * pages are the API's last_page, or ⌈total / per_page⌉ when it gives none (admin-area §3).
 * Going to a page up to LIST_SEEK_PAGES away passes `load` the shown page's cursor (`seek`), so a
 * deep page is read by seeking; the address keeps only the page number.
 */
export function usePagedList<T>(load: (page: number, seek?: PageSeek) => Promise<Paginator<T>>, deps: unknown[] = [], param = 'page') {
  const search = useSearch();
  const page = Math.max(1, Number(new URLSearchParams(search).get(param)) || 1);
  const [result, setResult] = useState<Paginator<T> | null>(null);
  const [loading, setLoading] = useState(true);
  const [failure, setFailure] = useState<unknown>(null);
  const seq = useRef(0);
  const loadRef = useRef(load);
  loadRef.current = load;
  // The cursor of the page the user is stepping to (Next / Previous), consumed by its load.
  const stepping = useRef<{ page: number; seek: PageSeek } | null>(null);
  const resultRef = useRef(result);
  resultRef.current = result;

  const fetchPage = useCallback(async (p: number) => {
    const mine = ++seq.current;
    setLoading(true);
    const seek = stepping.current?.page === p ? stepping.current.seek : undefined;
    stepping.current = null;
    try {
      const r = await loadRef.current(p, seek);
      if (mine !== seq.current) return;
      setResult(r);
      setFailure(null);
    } catch (err) {
      if (mine !== seq.current) return;
      console.error(err);
      setFailure(err ?? new Error('load failed'));
    } finally {
      if (mine === seq.current) setLoading(false);
    }
  }, []);

  // eslint-disable-next-line react-hooks/exhaustive-deps
  useEffect(() => {
    void fetchPage(page);
  }, [page, fetchPage, ...deps]);

  // Absolute navigation: inside a nested route wouter's own search setter would add the nest's slash.
  const setPage = useCallback(
    (p: number) => {
      // A page near this one is read by seeking from this page's first or last row.
      const shown = resultRef.current;
      stepping.current = null;
      const away = shown ? p - shown.current_page : 0;
      if (shown?.next_cursor && away >= 1 && away <= LIST_SEEK_PAGES) stepping.current = { page: p, seek: { after: shown.next_cursor } };
      if (shown?.prev_cursor && away <= -1 && away >= -LIST_SEEK_PAGES && p > 1) stepping.current = { page: p, seek: { before: shown.prev_cursor } };
      const next = new URLSearchParams(window.location.search);
      if (p === 1) next.delete(param);
      else next.set(param, String(p));
      const q = next.toString();
      navigate(window.location.pathname + (q ? `?${q}` : ''));
    },
    [param],
  );

  // After a delete empties the last page, step back to the page that now is last.
  useEffect(() => {
    if (result && !loading && result.data.length === 0 && page > 1 && lastPageOf(result) < page) setPage(lastPageOf(result));
  }, [result, loading, page, setPage]);

  return {
    page,
    setPage,
    loading,
    error: failure !== null,
    failure,
    rows: result?.data ?? [],
    lastPage: lastPageOf(result),
    total: result?.total ?? 0,
    /** More than `total` match; the server stopped counting (the count reads "10,000+"). */
    totalCapped: result?.total_capped === true,
    /** The page size the server used (its spec default when none was asked for). */
    perPage: result?.per_page ?? null,
    /** Sl.No of the i-th row on this page. */
    serial: (i: number) => ((result?.current_page ?? 1) - 1) * (result?.per_page ?? 10) + i + 1,
    reload: () => fetchPage(page),
  };
}
