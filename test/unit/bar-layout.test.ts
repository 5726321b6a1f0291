import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { barLayout, monthLabel } from '../../src/features/dashboard/bar-layout.ts';

test('the tallest bar fills the chart and the others scale to it', () => {
  const bars = barLayout([2, 4, 0], 300, 100);
  assert.equal(
    bars.map((b) => b.height),
    [50, 100, 0],
  );
  assert.equal(
    bars.map((b) => b.y),
    [50, 0, 100],
  );
});

test('bars share the width without overlapping', () => {
  const bars = barLayout([1, 1, 1, 1], 400, 50);
  for (let i = 1; i < bars.length; i++) assert.ok(bars[i].x >= bars[i - 1].x + bars[i - 1].width);
  assert.ok(bars[3].x + bars[3].width <= 400);
});

test('a chart of zeros draws no bars', () => {
  assert.ok(barLayout([0, 0], 100, 100).every((b) => b.height === 0));
});

test('months are named, with the year when asked', () => {
  assert.is(monthLabel('2026-03'), 'Mar');
  assert.is(monthLabel('2025-12', true), 'Dec 2025');
});

test.run();
