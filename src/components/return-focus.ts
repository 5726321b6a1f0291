/** How long after a modal closes a lost focus is still put back, ms (a list reload takes about this long at most). */
export const RETURN_FOCUS_MS = 4000;

/**
 * Gives focus back to `opener` when a modal closes (WAI-ARIA dialog pattern): at once, and again
 * whenever focus falls to the page body within `ms` — a list that reloads after a save turns its
 * rows inert for a moment, which drops focus, and may render the row afresh. When `opener` is
 * gone its row (`data-row-id`) is found again: the control of the same name in it, else the row
 * itself. Stops at the user's next key or pointer press, or after `ms`. Returns the stop function.
 */
export function returnFocus(opener: HTMLElement | null, ms = RETURN_FOCUS_MS): () => void {
  if (!opener || opener === document.body) return () => undefined;
  const rowId = opener.closest('[data-row-id]')?.getAttribute('data-row-id') ?? null;
  const name = opener.getAttribute('aria-label');
  const target = (): HTMLElement | null => {
    if (opener.isConnected) return opener;
    if (rowId === null) return null;
    const row = document.querySelector<HTMLElement>(`[data-row-id="${CSS.escape(rowId)}"]`);
    if (!row) return null;
    const same = name ? [...row.querySelectorAll<HTMLElement>('[aria-label]')].find((el) => el.getAttribute('aria-label') === name) : undefined;
    if (same) return same;
    if (!row.hasAttribute('tabindex')) row.tabIndex = -1;
    return row;
  };
  const lost = () => !document.activeElement || document.activeElement === document.body;
  const put = () => {
    const t = target();
    if (t && !t.closest('[inert]') && !(t as HTMLButtonElement).disabled) t.focus({ preventScroll: false });
  };
  put();
  let timer = 0;
  const observer = new MutationObserver(() => {
    if (lost()) put();
  });
  const stop = () => {
    observer.disconnect();
    clearTimeout(timer);
    document.removeEventListener('keydown', stop, true);
    document.removeEventListener('pointerdown', stop, true);
  };
  observer.observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['inert', 'disabled', 'aria-busy'] });
  document.addEventListener('keydown', stop, true);
  document.addEventListener('pointerdown', stop, true);
  timer = window.setTimeout(stop, ms);
  return stop;
}
