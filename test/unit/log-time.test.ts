import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { isoNow } from '../../server/runtime/log.ts';

test('isoNow writes every millisecond as toISOString does, across seconds, days and years', () => {
  const starts = [Date.UTC(2026, 11, 31, 23, 59, 59, 990), Date.UTC(2027, 0, 1, 0, 0, 0, 0), Date.UTC(2026, 5, 15, 12, 30, 1, 500)];
  for (const start of starts) {
    for (let t = start - 15; t < start + 15; t++) assert.is(isoNow(t), new Date(t).toISOString(), String(t));
  }
  // Going back in time (a clock set back) still writes the time asked for.
  assert.is(isoNow(starts[0]), new Date(starts[0]).toISOString());
  assert.is(isoNow(), new Date(Date.parse(isoNow())).toISOString(), 'now is a valid ISO time');
});

test.run();
