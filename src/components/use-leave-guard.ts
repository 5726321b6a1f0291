import { useEffect, useRef } from 'react';

/**
 * While `dirty`, leaving the page is asked about first: closing or
 * reloading the tab gets the browser's own beforeunload question; the browser's Back/Forward and
 * clicks on in-app links are held and `ask(proceed)` is called, which shows the one confirm and
 * calls `proceed` when the user chooses to discard. Listeners run in the capture phase, before
 * the router sees the event. Effects only; the confirm itself is the caller's (modal.tsx).
 */
export function useLeaveGuard(dirty: boolean, ask: (proceed: () => void) => void) {
  const askRef = useRef(ask);
  askRef.current = ask;
  useEffect(() => {
    if (!dirty) return;
    const here = window.location.href;
    let leaving = false;
    const go = (to: string) => {
      leaving = true;
      window.history.pushState(null, '', to);
    };
    const onUnload = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      e.returnValue = '';
    };
    const onPop = (e: PopStateEvent) => {
      if (leaving) return;
      e.stopImmediatePropagation();
      const target = window.location.href;
      window.history.pushState(null, '', here);
      askRef.current(() => go(target));
    };
    const onClick = (e: MouseEvent) => {
      const a = (e.target as Element | null)?.closest?.('a[href]') as HTMLAnchorElement | null;
      if (!a || leaving || e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
      if (a.target && a.target !== '_self') return;
      const url = new URL(a.href, window.location.href);
      if (url.origin !== window.location.origin || url.href === window.location.href) return;
      e.preventDefault();
      e.stopPropagation();
      askRef.current(() => go(url.pathname + url.search + url.hash));
    };
    window.addEventListener('beforeunload', onUnload);
    window.addEventListener('popstate', onPop, true);
    document.addEventListener('click', onClick, true);
    return () => {
      window.removeEventListener('beforeunload', onUnload);
      window.removeEventListener('popstate', onPop, true);
      document.removeEventListener('click', onClick, true);
    };
  }, [dirty]);
}
