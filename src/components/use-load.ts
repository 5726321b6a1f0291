import { useCallback, useEffect, useRef, useState, type DependencyList } from 'react';

/** What `useLoad` gives a screen: the loaded value (null until it arrives), whether a load runs, why it failed. */
export interface Loaded<T> {
  data: T | null;
  loading: boolean;
  /** What the last load threw (already logged to the console), or null. */
  error: unknown;
  /** Loads again with the same inputs (a "Try again" button). */
  retry: () => void;
  /** Replaces the value locally, e.g. after a save answered with the new one. */
  setData: (data: T) => void;
}

/**
 * The one load effect of the console: calls `load(signal)` when `deps` change, keeps only the
 * answer of the latest call (a stale one is aborted and ignored), and reports loading and
 * failure. New inputs clear the old value (another event's data never shows under this one's
 * heading); `retry` keeps it on screen while it reloads. A failure is logged with `console.error`; how it reads on screen is the screen's
 * choice (organiser-console §8: a failed load is logged and said on screen).
 */
export function useLoad<T>(load: (signal: AbortSignal) => Promise<T>, deps: DependencyList): Loaded<T> {
  const [state, setState] = useState<{ data: T | null; loading: boolean; error: unknown }>({ data: null, loading: true, error: null });
  const [attempt, setAttempt] = useState(0);
  const seenAttempt = useRef(attempt);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `load` is a fresh closure each render; `deps` say when it means something new
  useEffect(() => {
    const abort = new AbortController();
    const keep = seenAttempt.current !== attempt;
    seenAttempt.current = attempt;
    setState((s) => (s.loading && s.error === null && (keep || s.data === null) ? s : { data: keep ? s.data : null, loading: true, error: null }));
    load(abort.signal).then(
      (data) => {
        if (!abort.signal.aborted) setState({ data, loading: false, error: null });
      },
      (error) => {
        if (abort.signal.aborted) return;
        console.error(error);
        setState((s) => ({ ...s, loading: false, error }));
      },
    );
    return () => abort.abort();
  }, [...deps, attempt]);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  const setData = useCallback((data: T) => setState({ data, loading: false, error: null }), []);
  return { ...state, retry, setData };
}
