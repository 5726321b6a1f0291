import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';

/**
 * A part of a screen that only some visits use (a modal a button opens: the campaign form,
 * Import Users) as a chunk of its own, fetched the first time the part renders; until it has
 * arrived the part renders `fallback` (nothing unless given: a card that is always on show passes
 * its loading state). The screens that hold it do not download it before their first paint
 * (bench (a): every screen's scripts within 110 KB on the wire).
 *
 * const CampaignFormModal = lazyPart(() => import('./campaign-form.tsx').then((m) => m.CampaignFormModal));
 */
export function lazyPart<P extends object>(load: () => Promise<ComponentType<P>>, fallback: ReactNode = null): ComponentType<P> {
  const Part = lazy(() => load().then((component) => ({ default: component })));
  // biome-ignore lint/correctness/noComponentHookFactories: made once per part where a module declares it, never per render
  return function LazyPart(props: P) {
    return (
      <Suspense fallback={fallback}>
        <Part {...props} />
      </Suspense>
    );
  };
}
