import { useCallback, useEffect, useRef, useState } from 'react';
import { useSearch } from 'wouter';
import { navigate } from 'wouter/use-browser-location';
import type { Paginator } from '../lib/types.ts';
import { lastPageOf } from './list-query.ts';

/**
 * A paged list whose page lives in the address (`?page=N`, admin-area §2), so reload and
 * back/forward keep it. `load(page)` fetches one page; it runs on open and whenever the page
 * or `deps` change; `reload()` fetches the current page again after a change. Load failures are
 * only logged (admin-area §8) and leave `error` set so the screen can say so. Total pages are
 * the API's last_page, or ⌈total / per_page⌉ when it gives none (admin-area §3).
 */
export function usePagedList<T>(load: (page: number) => Promise<Paginator<T>>, deps: unknown[] = [], param = 'page') {
  const search = useSearch();
  const page = Math.max(1, Number(new URLSearchParams(search).get(param)) || 1);
  const [result, setResult] = useState<Paginator<T> | null>(null);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState(false);
  const seq = useRef(0);
  const loadRef = useRef(load);
  loadRef.current = load;

  const fetchPage = useCallback(async (p: number) => {
    const mine = ++seq.current;
    setLoading(true);
    try {
      const r = await loadRef.current(p);
      if (mine !== seq.current) return;
      setResult(r);
      setError(false);
    } catch (err) {
      if (mine !== seq.current) return;
      console.error(err);
      setError(true);
    } finally {
      if (mine === seq.current) setLoading(false);
    }
  }, []);

  // eslint-disable-next-line react-hooks/exhaustive-deps
  useEffect(() => { void fetchPage(page); }, [page, fetchPage, ...deps]);

  // Absolute navigation: inside a nested route wouter's own search setter would add the nest's slash.
  const setPage = useCallback((p: number) => {
    const next = new URLSearchParams(window.location.search);
    if (p === 1) next.delete(param); else next.set(param, String(p));
    const q = next.toString();
    navigate(window.location.pathname + (q ? `?${q}` : ''));
  }, [param]);

  // After a delete empties the last page, step back to the page that now is last.
  useEffect(() => {
    if (result && !loading && result.data.length === 0 && page > 1 && lastPageOf(result) < page) setPage(lastPageOf(result));
  }, [result, loading, page, setPage]);

  return {
    page, setPage, loading, error,
    rows: result?.data ?? [],
    lastPage: lastPageOf(result),
    total: result?.total ?? 0,
    /** The page size the server used (its spec default when none was asked for). */
    perPage: result?.per_page ?? null,
    /** Sl.No of the i-th row on this page. */
    serial: (i: number) => ((result?.current_page ?? 1) - 1) * (result?.per_page ?? 10) + i + 1,
    reload: () => fetchPage(page),
  };
}
