import { areaOfBitmap, type AreaRequest } from './area-pixels.ts';

/**
 * The transparent-area finder off the main thread: receives an AreaRequest
 * (an ImageBitmap, transferred, and the size to read it at), answers `{ area: Rect | null }`.
 * Built as its own file by build.mjs (workers/transparent-area-worker-[hash].js).
 */
const scope = self as unknown as { onmessage: ((e: MessageEvent<AreaRequest>) => void) | null; postMessage(m: unknown): void };
scope.onmessage = (e) => {
  let area = null;
  try {
    area = areaOfBitmap(e.data);
  } catch {
    area = null;
  }
  e.data.bitmap.close();
  scope.postMessage({ area });
};
