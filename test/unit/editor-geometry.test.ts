import { test } from 'uvu';
import * as assert from 'uvu/assert';
import {
  clampRect,
  cursorFor,
  fitScale,
  handlePoints,
  hitTest,
  moveRect,
  nudgeRect,
  rectFromPoints,
  resizeRect,
  toImagePoint,
  toScreenRect,
  MIN_SIZE,
} from '../../src/features/templates/editor/geometry.ts';

const image = { width: 1000, height: 500 };
const r = { x: 100, y: 100, width: 200, height: 100 };

test('fitScale shrinks a large image into the box and never enlarges a small one', () => {
  assert.is(fitScale(image, { width: 500, height: 500 }), 0.5);
  assert.is(fitScale(image, { width: 2000, height: 2000 }), 1);
  assert.is(fitScale(image, { width: 1000, height: 100 }), 0.2);
});

test('screen points become image pixels and image rectangles become screen rectangles', () => {
  assert.equal(toImagePoint({ x: 50, y: 25 }, 0.5), { x: 100, y: 50 });
  assert.equal(toScreenRect(r, 0.5), { x: 50, y: 50, width: 100, height: 50 });
  const back = toScreenRect({ ...toImagePoint({ x: 30, y: 40 }, 0.25), width: 0, height: 0 }, 0.25);
  assert.equal([back.x, back.y], [30, 40]);
});

test('rectFromPoints normalises a drag in any direction and clamps it to the image', () => {
  assert.equal(rectFromPoints({ x: 300, y: 200 }, { x: 100, y: 50 }, image), { x: 100, y: 50, width: 200, height: 150 });
  assert.equal(rectFromPoints({ x: -20, y: 450 }, { x: 1200, y: 600 }, image), { x: 0, y: 450, width: 1000, height: 50 });
});

test('clampRect moves an area back inside and shrinks one larger than the image', () => {
  assert.equal(clampRect({ x: 900, y: -10, width: 200, height: 100 }, image), { x: 800, y: 0, width: 200, height: 100 });
  assert.equal(clampRect({ x: 10, y: 10, width: 5000, height: 50 }, image), { x: 0, y: 10, width: 1000, height: 50 });
});

test('hitTest finds each handle, then the inside, then nothing', () => {
  const points = handlePoints(r);
  for (const [h, p] of Object.entries(points)) assert.is(hitTest(r, { x: p.x + 3, y: p.y - 3 }, 6), h);
  assert.is(hitTest(r, { x: 200, y: 150 }, 6), 'inside');
  assert.is(hitTest(r, { x: 50, y: 50 }, 6), null);
  assert.is(hitTest(null, { x: 200, y: 150 }, 6), null);
  assert.is(hitTest(r, { x: 100 + 7, y: 100 - 7 }, 6), null);
});

test('a tiny area is still resizable: its handles win over the inside', () => {
  const tiny = { x: 10, y: 10, width: 4, height: 4 };
  assert.is(hitTest(tiny, { x: 14, y: 14 }, 6), 'se');
});

test('resizeRect moves only the edges a handle controls', () => {
  assert.equal(resizeRect(r, 'se', 50, 20, image), { x: 100, y: 100, width: 250, height: 120 });
  assert.equal(resizeRect(r, 'n', 99, -30, image), { x: 100, y: 70, width: 200, height: 130 });
  assert.equal(resizeRect(r, 'w', -40, 99, image), { x: 60, y: 100, width: 240, height: 100 });
});

test('resizeRect flips past the opposite edge, keeps a minimum size and stays inside the image', () => {
  assert.equal(resizeRect(r, 'e', -300, 0, image), { x: 0, y: 100, width: 100, height: 100 });
  assert.is(resizeRect(r, 'e', -200, 0, image).width, MIN_SIZE);
  assert.equal(resizeRect(r, 'se', 5000, 5000, image), { x: 100, y: 100, width: 900, height: 400 });
  assert.equal(resizeRect(r, 'nw', -5000, -5000, image), { x: 0, y: 0, width: 300, height: 200 });
});

test('moveRect stops at the edges of the image without changing size', () => {
  assert.equal(moveRect(r, 5000, -5000, image), { x: 800, y: 0, width: 200, height: 100 });
  assert.equal(moveRect(r, 10, 5, image), { x: 110, y: 105, width: 200, height: 100 });
});

test('arrow keys nudge by 1 px, by 10 with Shift, and other keys do nothing', () => {
  assert.equal(nudgeRect(r, 'ArrowLeft', false, image), { ...r, x: 99 });
  assert.equal(nudgeRect(r, 'ArrowDown', true, image), { ...r, y: 110 });
  assert.equal(nudgeRect({ ...r, x: 0 }, 'ArrowLeft', true, image), { ...r, x: 0 });
  assert.is(nudgeRect(r, 'a', false, image), null);
});

test('cursorFor names the resize direction of each handle', () => {
  assert.is(cursorFor('inside'), 'move');
  assert.is(cursorFor('ne'), 'nesw-resize');
  assert.is(cursorFor('w'), 'ew-resize');
  assert.is(cursorFor(null), 'crosshair');
});

test.run();
