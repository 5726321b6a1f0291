import { useLayoutEffect, type RefObject } from 'react';
import { placeStack, TOAST_MARGIN, type Box, type Corner } from './toast-placement.ts';

/** What a user can press or type into. */
const CONTROLS = 'a[href], button, input:not([type="hidden"]), select, textarea, [role="button"], [role="tab"], [role="application"]';
/** Widest a toast gets, px (the corner stacks of admin-area §9 and organiser-console §9). */
const TOAST_WIDTH = 360;

const boxOf = (r: DOMRect): Box => ({ x: r.left, y: r.top, width: r.width, height: r.height });

/** The controls on screen: inside the topmost modal when one is open, else the whole page. */
function visibleControls(root: ParentNode, vw: number, vh: number): Box[] {
  const out: Box[] = [];
  root.querySelectorAll(CONTROLS).forEach((el) => {
    if (el.closest('.toast-container')) return;
    const r = el.getBoundingClientRect();
    if (r.width === 0 || r.height === 0 || r.bottom < 0 || r.right < 0 || r.top > vh || r.left > vw) return;
    out.push(boxOf(r));
  });
  return out;
}

/**
 * Keeps the toast stack of `corner` off every visible control (toast-placement.ts): measures
 * the controls and any open modal, places the container, and publishes the band a modal must
 * leave free as `--toast-reserve-top` / `--toast-reserve-bottom` on the root element. Re-runs
 * when toasts come or go (`count`), on resize, on scroll and when the page's elements change.
 */
export function useStackPlacement(ref: RefObject<HTMLDivElement | null>, corner: Corner, count: number) {
  useLayoutEffect(() => {
    const el = ref.current;
    const reserveVar = corner === 'top-right' ? '--toast-reserve-top' : '--toast-reserve-bottom';
    const root = document.documentElement;
    if (!el || count === 0) {
      root.style.removeProperty(reserveVar);
      return;
    }
    let frame = 0;
    const place = () => {
      frame = 0;
      const vw = root.clientWidth || window.innerWidth;
      const vh = window.innerHeight;
      const width = Math.min(TOAST_WIDTH, vw - 2 * TOAST_MARGIN);
      const current = el.getBoundingClientRect();
      const height = current.width > 0 ? Math.ceil(el.scrollHeight * (current.width / width)) : el.scrollHeight;
      const backdrops = document.querySelectorAll('.modal-backdrop');
      const top = backdrops[backdrops.length - 1];
      const modalEl = top?.querySelector('.modal');
      const { box, reserve } = placeStack({
        viewport: { width: vw, height: vh },
        corner,
        width,
        height,
        controls: visibleControls(top ?? document, vw, vh),
        modal: modalEl ? boxOf(modalEl.getBoundingClientRect()) : undefined,
        floor: document.querySelector('.topbar')?.getBoundingClientRect().bottom,
      });
      Object.assign(el.style, { left: `${box.x}px`, top: `${box.y}px`, width: `${box.width}px`, right: 'auto', bottom: 'auto' });
      if (reserve > 0) root.style.setProperty(reserveVar, `${reserve}px`);
      else root.style.removeProperty(reserveVar);
    };
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(place);
    };
    place();
    const mo = new MutationObserver(schedule);
    mo.observe(document.body, { childList: true, subtree: true });
    window.addEventListener('resize', schedule);
    window.addEventListener('scroll', schedule, true);
    return () => {
      cancelAnimationFrame(frame);
      mo.disconnect();
      window.removeEventListener('resize', schedule);
      window.removeEventListener('scroll', schedule, true);
      root.style.removeProperty(reserveVar);
    };
  }, [ref, corner, count]);
}
