import type { Rect } from './geometry.ts';
import { WORKER_PIXELS } from './transparent-area.ts';
import { areaOfSource, type AreaRequest } from './area-pixels.ts';

/** The worker's address, set by build.mjs (undefined when the sources run unbundled, as in unit tests). */
declare const __TRANSPARENT_AREA_WORKER__: string | undefined;
const WORKER_URL = typeof __TRANSPARENT_AREA_WORKER__ === 'string' ? __TRANSPARENT_AREA_WORKER__ : undefined;
/** How long the worker may take before the editor gives up proposing, ms. */
export const PROPOSE_TIMEOUT_MS = 10_000;

function onMainThread(image: HTMLImageElement, width: number, height: number): Rect | null {
  return areaOfSource(image, width, height, (w, h) => {
    const c = document.createElement('canvas');
    [c.width, c.height] = [w, h];
    return c.getContext('2d', { willReadFrequently: true });
  });
}

async function inWorker(url: string, image: HTMLImageElement, width: number, height: number): Promise<Rect | null> {
  const bitmap = await createImageBitmap(image);
  const worker = new Worker(url, { type: 'module', name: 'transparent-area' });
  try {
    return await new Promise<Rect | null>((resolve) => {
      const timer = setTimeout(() => resolve(null), PROPOSE_TIMEOUT_MS);
      worker.onmessage = (e: MessageEvent<{ area: Rect | null }>) => {
        clearTimeout(timer);
        resolve(e.data.area);
      };
      worker.onerror = () => {
        clearTimeout(timer);
        resolve(null);
      };
      const req: AreaRequest = { bitmap, width, height };
      worker.postMessage(req, [bitmap]);
    });
  } finally {
    worker.terminate();
  }
}

/**
 * The area the editor proposes for a template image of `width` × `height` px:
 * the bounding box of its largest transparent region (transparent-area.ts), in image px, or null
 * (no transparency, as in any JPEG, or the image could not be read). Images over WORKER_PIXELS
 * are read in a worker so the page stays responsive; never rejects.
 */
export async function proposeArea(image: HTMLImageElement, width: number, height: number): Promise<Rect | null> {
  try {
    if (WORKER_URL && width * height > WORKER_PIXELS && typeof Worker !== 'undefined' && typeof OffscreenCanvas !== 'undefined') {
      return await inWorker(WORKER_URL, image, width, height);
    }
    return onMainThread(image, width, height);
  } catch {
    return null;
  }
}
