import type { Rect } from './geometry.ts';
import { findTransparentArea } from './transparent-area.ts';

/** Most pixels the finder reads: a larger image is read scaled down to this many (16 MP, 4000 × 4000). */
export const MAX_READ_PIXELS = 16_000_000;

/** What the worker is sent: the decoded image and its natural size, px. */
export interface AreaRequest {
  bitmap: ImageBitmap;
  width: number;
  height: number;
}

/** The size (px) an image of `width` × `height` is read at: itself, or scaled to MAX_READ_PIXELS. */
export function readSize(width: number, height: number): { width: number; height: number; scale: number } {
  const scale = Math.min(1, Math.sqrt(MAX_READ_PIXELS / (width * height)));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)), scale };
}

/** The finder's box read back into the image's own pixels (inverse of readSize's scale), clamped to it. */
export function toImageRect(r: Rect | null, scale: number, width: number, height: number): Rect | null {
  if (!r || scale === 1) return r;
  const x = Math.floor(r.x / scale),
    y = Math.floor(r.y / scale);
  return { x, y, width: Math.min(width - x, Math.ceil((r.x + r.width) / scale) - x), height: Math.min(height - y, Math.ceil((r.y + r.height) / scale) - y) };
}

/** Draws `source` on a 2D context of the read size and finds its transparent area, image px. */
export function areaOfSource(
  source: CanvasImageSource,
  width: number,
  height: number,
  makeContext: (w: number, h: number) => OffscreenCanvasRenderingContext2D | CanvasRenderingContext2D | null,
): Rect | null {
  const size = readSize(width, height);
  const ctx = makeContext(size.width, size.height);
  if (!ctx) return null;
  ctx.clearRect(0, 0, size.width, size.height);
  ctx.drawImage(source, 0, 0, size.width, size.height);
  const data = ctx.getImageData(0, 0, size.width, size.height).data;
  return toImageRect(findTransparentArea(data, size.width, size.height), size.scale, width, height);
}

/** The worker's side: reads the bitmap through an OffscreenCanvas. */
export const areaOfBitmap = (req: AreaRequest) =>
  areaOfSource(req.bitmap, req.width, req.height, (w, h) => new OffscreenCanvas(w, h).getContext('2d', { willReadFrequently: true }));
