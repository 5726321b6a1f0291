import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { DAYS, asksBeforeSaving, closedDateLabel, toggleDay } from '../../src/features/working-days/working-day-rules.ts';

test('the days run Sunday = 1 to Saturday = 7 (organiser-console §3)', () => {
  assert.equal(
    DAYS.map((d) => `${d.id} ${d.name}`),
    ['1 Sunday', '2 Monday', '3 Tuesday', '4 Wednesday', '5 Thursday', '6 Friday', '7 Saturday'],
  );
});
test('toggleDay adds a day in order and removes a ticked one', () => {
  assert.equal(toggleDay([1, 7], 4), [1, 4, 7]);
  assert.equal(toggleDay([1, 4, 7], 4), [1, 7]);
});
test('saving asks first only when no day is ticked', () => {
  assert.is(asksBeforeSaving([]), true);
  assert.is(asksBeforeSaving([3]), false);
});
test('a closed date reads as its calendar day wherever the browser is', () => {
  assert.is(closedDateLabel('2031-12-25'), 'Thursday, 25 December 2031');
});
test.run();
