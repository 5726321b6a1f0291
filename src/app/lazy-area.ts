import { createElement, lazy, type ComponentType } from 'react';

/** A lazily loaded area (see lazyArea): the component, plus `preload()` to fetch and run its chunk ahead of the first render. */
export type LazyArea<P extends object> = ComponentType<P> & { preload(): Promise<void> };

/**
 * Like React.lazy, but once the module is loaded (by `preload()` or by an earlier render) the
 * component renders at once instead of suspending for a turn. main.tsx preloads the area of the
 * address the console opens on before its first render (the server already announces
 * that area's chunks with modulepreload), so the first paint is the screen's shell rather than a
 * "Loading…" line replaced a moment later, which moved the page (layout shift) and cost a render.
 * A failed load rejects `preload()` and is tried again next time; rendered before it is
 * loaded, the area suspends as with React.lazy (its Suspense fallback shows).
 */
export function lazyArea<P extends object>(load: () => Promise<ComponentType<P>>): LazyArea<P> {
  let ready: ComponentType<P> | undefined;
  let pending: Promise<void> | undefined;
  const preload = () =>
    (pending ??= load().then(
      (c) => {
        ready = c;
      },
      (err: unknown) => {
        pending = undefined;
        throw err;
      },
    ));
  const Lazy = lazy(() => preload().then(() => ({ default: ready! })));
  // biome-ignore lint/correctness/noComponentHookFactories: Area is the area component itself, made once per area when the module loads, never per render
  function Area(props: P) {
    return ready ? createElement(ready, props) : createElement(Lazy as unknown as ComponentType<P>, props);
  }
  return Object.assign(Area, { preload });
}

/** How long preloadWhenIdle waits for an idle moment at most, in ms (and where the browser has no requestIdleCallback, how long it waits). */
const IDLE_WAIT_MS = 2000;

/**
 * Loads `areas` (null entries skipped) once the browser is idle, one after another, so the
 * screens a console's menu leads to are there before they are opened, without competing with
 * the first paint and the first calls. A failed load is left for the screen's own render to try
 * again. Returns the function that cancels what has not started (an effect's cleanup).
 */
export function preloadWhenIdle(areas: readonly ({ preload(): Promise<void> } | null)[]): () => void {
  let cancelled = false;
  const queue = [...new Set(areas)].filter((a) => a !== null);
  const next = (): void => {
    const area = queue.shift();
    if (!cancelled && area) void area.preload().then(wait, wait);
  };
  const wait = () => {
    if (cancelled) return;
    if (typeof requestIdleCallback === 'function') requestIdleCallback(next, { timeout: IDLE_WAIT_MS });
    else setTimeout(next, IDLE_WAIT_MS);
  };
  wait();
  return () => {
    cancelled = true;
  };
}
