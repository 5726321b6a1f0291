import { useCallback, useEffect, useRef } from 'react';

/** A form, a modal without one, or a flow marked `data-form` (a wizard): what "the same form" means for toasts. */
const FORM = 'form, [role="dialog"], .modal, [data-form]';

/** Modals (their `.modal` element) and the form they were opened from. */
const openedFrom = new WeakMap<Element, Element>();

/** The form `el` belongs to for toasts: its own, or, inside a modal opened from a form, that form. */
function formOf(el: Element): Element | null {
  const box = el.closest('.modal');
  const origin = box ? openedFrom.get(box) : undefined;
  return origin ?? el.closest(FORM);
}

/**
 * Ties a modal to the form of the control that opened it: a confirmation's YES
 * then counts as that form's action, so its success clears the form's earlier error toasts
 * (e.g. the template wizard's "Choose image positons" once its save succeeds). Modal calls it.
 */
export function linkModal(box: Element | null, opener: Element | null): void {
  if (!box || !opener) return;
  const form = formOf(opener);
  if (form && form !== box) openedFrom.set(box, form);
}

/**
 * Remembers which form the user last pressed or typed in, as a number (the same element keeps
 * its number), so a form's new failure can replace the error toasts it raised earlier.
 * Returns a getter; undefined when the last press was outside any form. `pressed`, when given,
 * receives a count of the presses so far (each click or key), telling one submit from the next.
 */
export function useLastForm(pressed?: { current: number }): () => number | undefined {
  const ids = useRef(new WeakMap<Element, number>());
  const next = useRef(1);
  const last = useRef<number | undefined>(undefined);
  useEffect(() => {
    const note = (e: Event) => {
      if (pressed) pressed.current++;
      const form = e.target instanceof Element ? formOf(e.target) : null;
      if (!form) {
        last.current = undefined;
        return;
      }
      if (!ids.current.has(form)) ids.current.set(form, next.current++);
      last.current = ids.current.get(form);
    };
    document.addEventListener('pointerdown', note, true);
    document.addEventListener('keydown', note, true);
    return () => {
      document.removeEventListener('pointerdown', note, true);
      document.removeEventListener('keydown', note, true);
    };
  }, [pressed]);
  return useCallback(() => last.current, []);
}
