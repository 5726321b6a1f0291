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
