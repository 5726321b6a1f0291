/**
 * Where a toast stack goes so that it never covers a control (pure, DOM-free). Both consoles
 * start from one corner, top-right (admin-area §9 moved the organiser console's there
 * too); bottom-right is still placeable. Within the corner, the
 * stack keeps to the corner when it can and otherwise is offset, narrowed, or — over a modal
 * too wide to leave a gutter — given a band of its own that the modal makes room for.
 *
 * All values are CSS pixels in viewport coordinates.
 */
export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}
export type Corner = 'top-right' | 'bottom-right';

export interface StackRequest {
  viewport: { width: number; height: number };
  corner: Corner;
  /** The stack's height at `width` (measured), px. */
  height: number;
  /** Preferred width, px (already capped to the viewport). */
  width: number;
  /** Visible controls (buttons, links, inputs) the stack must not cover. */
  controls: Box[];
  /** The open modal's box, when one is open: only its gutter or a reserved band may hold the stack. */
  modal?: Box;
  /**
   * The bottom edge of the page header, px: the stack stays below it, even where the page
   * leaves no clear box (the header's controls, such as Theme, are never covered).
   */
  floor?: number;
}

/** Where the stack goes: its box, and the band (px) a modal must leave free at the corner's edge. */
export interface StackPlacement {
  box: Box;
  reserve: number;
}

/** Gap kept from the viewport edges and between the stack and what it avoids, px. */
export const TOAST_MARGIN = 16;
/** Narrowest a stack gets before it moves instead, px. */
export const TOAST_MIN_WIDTH = 220;
/** Search step for offsets, px. */
const STEP = 8;

const overlaps = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** The stack's height at a narrower width: text re-wraps, so it grows in proportion. */
export const heightAt = (height: number, from: number, to: number) => Math.ceil(height * (from / Math.max(1, to)));

/** True when `box` covers none of `controls` (each grown by half the margin, so edges don't touch). */
export function isClear(box: Box, controls: Box[]): boolean {
  const pad = TOAST_MARGIN / 2;
  return controls.every((c) => !overlaps(box, { x: c.x - pad, y: c.y - pad, width: c.width + 2 * pad, height: c.height + 2 * pad }));
}

/** The highest y a stack may start at: the margin, or just under the header (`floor`). */
const topOf = (floor = 0) => Math.max(TOAST_MARGIN, floor > 0 ? floor + TOAST_MARGIN / 2 : 0);

/** The box nearest the corner (fewest px moved, up/down first) that covers no control, or null; it starts at or below `top`. */
export function nearestClearBox(
  viewport: StackRequest['viewport'],
  corner: Corner,
  width: number,
  height: number,
  controls: Box[],
  top = TOAST_MARGIN,
): Box | null {
  const right = viewport.width - TOAST_MARGIN - width;
  const maxDy = viewport.height - top - TOAST_MARGIN - height;
  let best: Box | null = null;
  let bestCost = Infinity;
  for (let dx = 0; right - dx >= TOAST_MARGIN / 2 || dx === 0; dx += STEP) {
    if (dx >= bestCost) break;
    for (let dy = 0; dy <= maxDy && dx + dy < bestCost; dy += STEP) {
      const y = corner === 'top-right' ? top + dy : viewport.height - TOAST_MARGIN - height - dy;
      const box = { x: right - dx, y, width, height };
      if (isClear(box, controls)) {
        best = box;
        bestCost = dx + dy;
        break;
      }
    }
  }
  return best;
}

/**
 * Places the stack (see the module comment). Over a modal: the gutter beside it when one is
 * wide enough, else the corner with `reserve` px for the modal to leave free. On a page: the
 * nearest clear box at the preferred width, then at the narrowest, then the corner itself —
 * always below the header (`floor`).
 */
export function placeStack(r: StackRequest): StackPlacement {
  const { viewport, corner, width, height } = r;
  const top = r.modal ? TOAST_MARGIN : topOf(r.floor);
  const cornerBox = (w: number, h: number): Box => ({
    x: viewport.width - TOAST_MARGIN - w,
    y: corner === 'top-right' ? top : Math.max(top, viewport.height - TOAST_MARGIN - h),
    width: w,
    height: h,
  });
  if (r.modal) {
    const gutter = viewport.width - (r.modal.x + r.modal.width) - 2 * TOAST_MARGIN;
    if (gutter >= TOAST_MIN_WIDTH) {
      const w = Math.min(width, gutter);
      return { box: cornerBox(w, heightAt(height, width, w)), reserve: 0 };
    }
    return { box: cornerBox(width, height), reserve: height + 2 * TOAST_MARGIN };
  }
  const wide = nearestClearBox(viewport, corner, width, height, r.controls, top);
  if (wide) return { box: wide, reserve: 0 };
  const narrow = Math.min(width, TOAST_MIN_WIDTH);
  const slim = nearestClearBox(viewport, corner, narrow, heightAt(height, width, narrow), r.controls, top);
  return { box: slim ?? cornerBox(width, height), reserve: 0 };
}
