import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { findTransparentArea } from '../../src/features/templates/editor/transparent-area.ts';
import { frameImage, SIDE } from '../../bench/transparent-area.ts';
import { readSize, toImageRect, MAX_READ_PIXELS } from '../../src/features/templates/editor/area-pixels.ts';

/** An opaque RGBA image with the pixels where `clear(x, y)` holds made transparent. */
function image(width: number, height: number, clear: (x: number, y: number) => boolean = () => false) {
  const data = new Uint8ClampedArray(width * height * 4);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 4;
      data.set([40, 150, 140, clear(x, y) ? 0 : 255], i);
    }
  return data;
}

test('a transparent rectangle in a frame is found exactly', () => {
  const data = image(200, 120, (x, y) => x >= 30 && x < 150 && y >= 20 && y < 90);
  assert.equal(findTransparentArea(data, 200, 120), { x: 30, y: 20, width: 120, height: 70 });
});

test('an ellipse is found as its bounding box', () => {
  // Centre (100, 60), radii 70 × 40: columns 30..170, rows 20..100.
  const data = image(200, 120, (x, y) => ((x - 100) / 70) ** 2 + ((y - 60) / 40) ** 2 <= 1);
  assert.equal(findTransparentArea(data, 200, 120), { x: 30, y: 20, width: 141, height: 81 });
});

test('of two windows the larger is proposed, wherever it is', () => {
  const small = (x: number, y: number) => x >= 10 && x < 40 && y >= 10 && y < 40; // 900 px, first met
  const large = (x: number, y: number) => x >= 80 && x < 180 && y >= 50 && y < 110; // 6,000 px
  assert.equal(
    findTransparentArea(
      image(200, 120, (x, y) => small(x, y) || large(x, y)),
      200,
      120,
    ),
    { x: 80, y: 50, width: 100, height: 60 },
  );
  // A U shape joined only at its bottom row is one region, not two.
  const u = (x: number, y: number) => (y >= 10 && y < 60 && ((x >= 10 && x < 20) || (x >= 60 && x < 70))) || (y === 59 && x >= 10 && x < 70);
  assert.equal(findTransparentArea(image(100, 80, u), 100, 80), { x: 10, y: 10, width: 60, height: 50 });
  // Diagonal neighbours do not join (4-connected): the two squares stay apart, the bigger wins.
  const diag = (x: number, y: number) => (x >= 0 && x < 10 && y >= 0 && y < 10) || (x >= 10 && x < 30 && y >= 10 && y < 30);
  assert.equal(findTransparentArea(image(40, 40, diag), 40, 40), { x: 10, y: 10, width: 20, height: 20 });
});

test('a fully opaque image (as any JPEG reads) proposes nothing', () => {
  assert.is(findTransparentArea(image(300, 200), 300, 200), null);
});

test('half-faded edges count as frame; specks too small to be a window are ignored', () => {
  const data = image(50, 50, (x, y) => x >= 10 && x < 40 && y >= 10 && y < 40);
  for (let x = 10; x < 40; x++) data[(10 * 50 + x) * 4 + 3] = 200; // top row of the window: mostly opaque
  assert.equal(findTransparentArea(data, 50, 50), { x: 10, y: 11, width: 30, height: 29 });
  assert.is(
    findTransparentArea(
      image(50, 50, (x, y) => x >= 5 && x < 8 && y >= 5 && y < 8),
      50,
      50,
    ),
    null,
  );
});

test('a buffer shorter than its size is refused; an empty size finds nothing', () => {
  assert.throws(() => findTransparentArea(new Uint8ClampedArray(10), 10, 10), RangeError);
  assert.is(findTransparentArea(new Uint8ClampedArray(0), 0, 0), null);
});

test('images over 16 MP are read scaled down and the box is scaled back into image pixels', () => {
  assert.equal(readSize(4000, 4000), { width: 4000, height: 4000, scale: 1 });
  const big = readSize(8000, 8000);
  assert.ok(big.width * big.height <= MAX_READ_PIXELS * 1.001 && big.scale === 0.5, JSON.stringify(big));
  assert.equal(toImageRect({ x: 100, y: 50, width: 200, height: 100 }, 0.5, 8000, 8000), { x: 200, y: 100, width: 400, height: 200 });
  assert.equal(toImageRect({ x: 3990, y: 0, width: 10, height: 10 }, 0.5, 7999, 8000), { x: 7980, y: 0, width: 19, height: 20 });
});

test("a 4,000 × 4,000 frame is found; the work grows with the pixels, not faster: each is read once, a run's end twice", () => {
  // Counted, not timed (the bench, bench/transparent-area.ts, times it: target 300 ms): reads of the
  // image through a proxy, on frames of two sizes. A rescan per run or per row would read a pixel
  // many times and grow faster than the pixel count.
  assert.equal(findTransparentArea(frameImage(), SIDE, SIDE), { x: 1000, y: 600, width: 2401, height: 2801 });
  for (const side of [250, 500]) {
    const data = frameImage(side);
    let reads = 0;
    const counted = new Proxy(data, {
      get(target, key) {
        if (typeof key === 'string' && /^\d+$/.test(key)) reads++;
        const value = Reflect.get(target, key, target);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
    assert.equal(findTransparentArea(counted, side, side), findTransparentArea(data, side, side));
    // Each pixel once, and the opaque pixel that ends a run once more: a run and its end take at
    // least two pixels, so at most 1.5 reads a pixel.
    assert.ok(reads >= side * side && reads <= 1.5 * side * side, `${reads} reads for ${side * side} pixels`);
  }
});

test.run();
