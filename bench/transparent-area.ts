import { performance } from 'node:perf_hooks';
import { findTransparentArea } from '../src/features/templates/editor/transparent-area.ts';

/** Side of the benchmark image, px (a 4,000 × 4,000 frame within 300 ms). */
export const SIDE = 4000;

/** A SIDE × SIDE opaque RGBA frame with an elliptic window and a smaller square one. */
export function frameImage(side = SIDE): Uint8ClampedArray {
  const data = new Uint8ClampedArray(side * side * 4).fill(255);
  const [cx, cy, rx, ry] = [side * 0.55, side * 0.5, side * 0.3, side * 0.35];
  for (let y = 0; y < side; y++)
    for (let x = 0; x < side; x++) {
      const inEllipse = ((x - cx) / rx) ** 2 + ((y - cy) / ry) ** 2 <= 1;
      const inSquare = x >= side * 0.02 && x < side * 0.15 && y >= side * 0.02 && y < side * 0.15;
      if (inEllipse || inSquare) data[(y * side + x) * 4 + 3] = 0;
    }
  return data;
}

/**
 * The transparent-area finder over a 4,000 × 4,000 RGBA image (16 MP, 64 MB): median and worst
 * of 7 runs after 2 warm-ups. Prints; asserts nothing (target 300 ms).
 */
export function transparentAreaBench() {
  const data = frameImage();
  const times: number[] = [];
  let area = null;
  for (let i = 0; i < 9; i++) {
    const t = performance.now();
    area = findTransparentArea(data, SIDE, SIDE);
    if (i >= 2) times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  console.log(
    `\n## Transparent-area finder\n${SIDE} × ${SIDE} px: median ${times[3].toFixed(0)} ms, worst ${times[6].toFixed(0)} ms (target 300 ms); area ${JSON.stringify(area)}`,
  );
}

if (process.argv[1]?.endsWith('transparent-area.ts')) transparentAreaBench();
