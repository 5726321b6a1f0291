/**
 * Geometry of the transparent-area editor (organiser-console §2 "Define Transparent Area"):
 * plain functions over rectangles in the template image's own pixels. The screen shows the
 * image scaled by `scale` (screen px = image px × scale); pointer positions are turned into
 * image pixels first, so the area saved is always in the image's pixels.
 */
export interface Point {
  x: number;
  y: number;
}
/** A size in image pixels. */
export interface Size {
  width: number;
  height: number;
}
/** A rectangle in image pixels, top-left origin. */
export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}
/** A resize handle, named by compass direction. */
export type Handle = 'nw' | 'n' | 'ne' | 'e' | 'se' | 's' | 'sw' | 'w';
/** What a pointer is over: a handle, the area's inside, or nothing. */
export type Hit = Handle | 'inside' | null;

/** The eight resize handles, clockwise from the top-left corner. */
export const HANDLES: readonly Handle[] = ['nw', 'n', 'ne', 'e', 'se', 's', 'sw', 'w'];
/** Smallest area side, image px: a smaller drag is a click, not an area. */
export const MIN_SIZE = 4;
/** Half the side of a handle's grab box, screen px. */
export const HANDLE_RADIUS = 6;

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));

/** Image-to-screen factor that fits `image` inside `box` without enlarging it. */
export const fitScale = (image: Size, box: Size) => (image.width > 0 && image.height > 0 ? Math.min(1, box.width / image.width, box.height / image.height) : 1);

/** A screen point (relative to the canvas) in image pixels. */
export const toImagePoint = (p: Point, scale: number): Point => ({ x: p.x / scale, y: p.y / scale });

/** An image-pixel rectangle on screen. */
export const toScreenRect = (r: Rect, scale: number): Rect => ({ x: r.x * scale, y: r.y * scale, width: r.width * scale, height: r.height * scale });

/** Whole pixels, as the template call sends them. */
export const roundRect = (r: Rect): Rect => ({ x: Math.round(r.x), y: Math.round(r.y), width: Math.round(r.width), height: Math.round(r.height) });

/** `p` moved inside `bounds` (px). */
export const clampPoint = (p: Point, bounds: Size): Point => ({ x: clamp(p.x, 0, bounds.width), y: clamp(p.y, 0, bounds.height) });

/** The rectangle spanned by two corners in any order, both clamped to the image. */
export function rectFromPoints(a: Point, b: Point, bounds: Size): Rect {
  const [p, q] = [clampPoint(a, bounds), clampPoint(b, bounds)];
  return { x: Math.min(p.x, q.x), y: Math.min(p.y, q.y), width: Math.abs(p.x - q.x), height: Math.abs(p.y - q.y) };
}

/** `r` kept inside the image: shrunk to fit if larger, then moved in. */
export function clampRect(r: Rect, bounds: Size): Rect {
  const width = clamp(r.width, 0, bounds.width);
  const height = clamp(r.height, 0, bounds.height);
  return { x: clamp(r.x, 0, bounds.width - width), y: clamp(r.y, 0, bounds.height - height), width, height };
}

/** Where each handle sits: corners and edge midpoints. */
export function handlePoints(r: Rect): Record<Handle, Point> {
  const [l, t, cx, cy, rt, b] = [r.x, r.y, r.x + r.width / 2, r.y + r.height / 2, r.x + r.width, r.y + r.height];
  return {
    nw: { x: l, y: t },
    n: { x: cx, y: t },
    ne: { x: rt, y: t },
    e: { x: rt, y: cy },
    se: { x: rt, y: b },
    s: { x: cx, y: b },
    sw: { x: l, y: b },
    w: { x: l, y: cy },
  };
}

/**
 * What `p` is over. `r` and `p` share one coordinate space; `radius` is the handle grab
 * distance in that space. Handles win over the inside and the nearest handle wins,
 * so a small area stays resizable.
 */
export function hitTest(r: Rect | null, p: Point, radius: number): Hit {
  if (!r) return null;
  const points = handlePoints(r);
  let best: Handle | null = null;
  let bestDistance = Infinity;
  for (const h of HANDLES) {
    const d = Math.max(Math.abs(points[h].x - p.x), Math.abs(points[h].y - p.y));
    if (d <= radius && d < bestDistance) [best, bestDistance] = [h, d];
  }
  if (best) return best;
  return p.x >= r.x && p.x <= r.x + r.width && p.y >= r.y && p.y <= r.y + r.height ? 'inside' : null;
}

/**
 * `start` resized by dragging `handle` by (dx, dy) image px. Edges stay inside the image; an
 * edge dragged past its opposite flips the rectangle; sides never drop below MIN_SIZE.
 */
export function resizeRect(start: Rect, handle: Handle, dx: number, dy: number, bounds: Size): Rect {
  let [l, t, r, b] = [start.x, start.y, start.x + start.width, start.y + start.height];
  if (handle.includes('w')) l = clamp(l + dx, 0, bounds.width);
  if (handle.includes('e')) r = clamp(r + dx, 0, bounds.width);
  if (handle.includes('n')) t = clamp(t + dy, 0, bounds.height);
  if (handle.includes('s')) b = clamp(b + dy, 0, bounds.height);
  const rect = { x: Math.min(l, r), y: Math.min(t, b), width: Math.abs(r - l), height: Math.abs(b - t) };
  return clampRect(
    { ...rect, width: Math.max(rect.width, Math.min(MIN_SIZE, bounds.width)), height: Math.max(rect.height, Math.min(MIN_SIZE, bounds.height)) },
    bounds,
  );
}

/** `r` moved by (dx, dy) image px, stopping at the image's edges. */
export const moveRect = (r: Rect, dx: number, dy: number, bounds: Size): Rect => clampRect({ ...r, x: r.x + dx, y: r.y + dy }, bounds);

/** Arrow-key steps, image px: 1, or 10 with Shift. */
export const NUDGE = { small: 1, large: 10 } as const;
const ARROWS: Record<string, Point> = { ArrowLeft: { x: -1, y: 0 }, ArrowRight: { x: 1, y: 0 }, ArrowUp: { x: 0, y: -1 }, ArrowDown: { x: 0, y: 1 } };

/** `r` nudged by an arrow key (Shift: a larger step); null when `key` is not an arrow. */
export function nudgeRect(r: Rect, key: string, large: boolean, bounds: Size): Rect | null {
  const d = ARROWS[key];
  if (!d) return null;
  const step = large ? NUDGE.large : NUDGE.small;
  return moveRect(r, d.x * step, d.y * step, bounds);
}

/** The CSS cursor for what the pointer is over. */
export function cursorFor(hit: Hit): string {
  if (hit === 'inside') return 'move';
  if (hit === 'n' || hit === 's') return 'ns-resize';
  if (hit === 'e' || hit === 'w') return 'ew-resize';
  if (hit === 'nw' || hit === 'se') return 'nwse-resize';
  if (hit === 'ne' || hit === 'sw') return 'nesw-resize';
  return 'crosshair';
}
