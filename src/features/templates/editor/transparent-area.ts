import { MIN_SIZE, type Rect } from './geometry.ts';

/**
 * The transparent-area finder (organiser-console §2 "Define Transparent Area"):
 * a frame image's window is the largest connected region of transparent pixels; the editor
 * proposes its bounding box as the starting area. Pure: reads RGBA bytes, allocates only arrays
 * proportional to the number of transparent runs, and touches each pixel once.
 */

/** A pixel is transparent when its alpha is below this (0–255): half-faded edges count as frame. */
export const TRANSPARENT_BELOW = 128;
/** Images with more pixels than this are searched off the main thread (transparent-area-worker.ts). */
export const WORKER_PIXELS = 1_000_000;

/**
 * The bounding box, in image px, of the largest 4-connected region of pixels whose alpha is below
 * `TRANSPARENT_BELOW`, in an RGBA image `rgba` (4 bytes a pixel, rows top-down, as ImageData
 * gives it) of `width` × `height` px. Ties go to the region met first (top-most, then left-most).
 * Null when there is no transparent pixel, or the region's box is narrower or lower than
 * MIN_SIZE (too small to be a window). Throws RangeError when `rgba` is shorter than the size says.
 *
 * Works on runs: each row's transparent runs are joined (union–find) with the runs they touch in
 * the row above, so the cost is one pass over the alpha bytes plus a little per run.
 */
export function findTransparentArea(rgba: Uint8ClampedArray | Uint8Array, width: number, height: number): Rect | null {
  if (!(width > 0 && height > 0)) return null;
  if (rgba.length < width * height * 4) throw new RangeError(`findTransparentArea: ${rgba.length} bytes for ${width} × ${height} px`);
  // Per run: its row, first and last column, and its union–find parent. Grown on demand.
  let cap = 1024;
  let parent = new Int32Array(cap);
  let rowOf = new Int32Array(cap);
  let x0 = new Int32Array(cap);
  let x1 = new Int32Array(cap);
  let runs = 0;
  const grow = () => {
    cap *= 2;
    const more = (a: Int32Array) => {
      const b = new Int32Array(cap);
      b.set(a);
      return b;
    };
    parent = more(parent);
    rowOf = more(rowOf);
    x0 = more(x0);
    x1 = more(x1);
  };
  const find = (i: number) => {
    let r = i;
    while (parent[r] !== r) r = parent[r];
    while (parent[i] !== r) {
      const n = parent[i];
      parent[i] = r;
      i = n;
    }
    return r;
  };
  // Union by keeping the smaller index as root, so a region's root is its first run.
  const union = (a: number, b: number) => {
    const ra = find(a),
      rb = find(b);
    if (ra < rb) parent[rb] = ra;
    else if (rb < ra) parent[ra] = rb;
  };

  let prevStart = 0,
    prevEnd = 0; // the previous row's runs: [prevStart, prevEnd)
  for (let y = 0; y < height; y++) {
    const rowStart = runs;
    let p = prevStart; // first run of the previous row that may still touch
    let i = y * width * 4 + 3;
    for (let x = 0; x < width; x++, i += 4) {
      if (rgba[i] >= TRANSPARENT_BELOW) continue;
      const start = x;
      while (x + 1 < width && rgba[i + 4] < TRANSPARENT_BELOW) {
        x++;
        i += 4;
      }
      if (runs === cap) grow();
      const r = runs++;
      parent[r] = r;
      rowOf[r] = y;
      x0[r] = start;
      x1[r] = x;
      // 4-connected: overlaps a run of the row above in at least one column.
      while (p < prevEnd && x1[p] < start) p++;
      for (let q = p; q < prevEnd && x0[q] <= x; q++) union(r, q);
    }
    prevStart = rowStart;
    prevEnd = runs;
  }
  if (runs === 0) return null;

  // Gather each region's pixel count and box at its root.
  const count = new Float64Array(runs);
  const minX = new Int32Array(runs).fill(width),
    maxX = new Int32Array(runs).fill(-1);
  const minY = new Int32Array(runs).fill(height),
    maxY = new Int32Array(runs).fill(-1);
  for (let r = 0; r < runs; r++) {
    const root = find(r);
    count[root] += x1[r] - x0[r] + 1;
    if (x0[r] < minX[root]) minX[root] = x0[r];
    if (x1[r] > maxX[root]) maxX[root] = x1[r];
    if (rowOf[r] < minY[root]) minY[root] = rowOf[r];
    if (rowOf[r] > maxY[root]) maxY[root] = rowOf[r];
  }
  let best = -1;
  for (let r = 0; r < runs; r++) if (parent[r] === r && (best < 0 || count[r] > count[best])) best = r;
  const box = { x: minX[best], y: minY[best], width: maxX[best] - minX[best] + 1, height: maxY[best] - minY[best] + 1 };
  return box.width < MIN_SIZE || box.height < MIN_SIZE ? null : box;
}
