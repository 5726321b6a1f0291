import { useCallback, useEffect, useRef } from 'react';

/** A form, or a modal without one: what "the same form" means for toasts. */
const FORM = 'form, [role="dialog"], .modal';

/**
 * Remembers which form the user last pressed or typed in, as a number (the same element keeps
 * its number), so a success toast can clear the error toasts that same form raised earlier.
 * Returns a getter; undefined when the last press was outside any form.
 */
export function useLastForm(): () => number | undefined {
  const ids = useRef(new WeakMap<Element, number>());
  const next = useRef(1);
  const last = useRef<number | undefined>(undefined);
  useEffect(() => {
    const note = (e: Event) => {
      const form = e.target instanceof Element ? e.target.closest(FORM) : null;
      if (!form) { last.current = undefined; return; }
      if (!ids.current.has(form)) ids.current.set(form, next.current++);
      last.current = ids.current.get(form);
    };
    document.addEventListener('pointerdown', note, true);
    document.addEventListener('keydown', note, true);
    return () => { document.removeEventListener('pointerdown', note, true); document.removeEventListener('keydown', note, true); };
  }, []);
  return useCallback(() => last.current, []);
}
