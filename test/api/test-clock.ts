import { dayIn } from '../../src/common/time-zone.ts';

/**
 * Sets this process's clock (Date.now, read by the test server that runs in this process) to
 * `time` UTC (HH:MM) of the real day, from now on at the real pace, and returns it for
 * startTestApi's `now`. A test file that runs for minutes then neither crosses a midnight, a
 * Monday nor a month's first day between two reads of the clock, whatever the real hour. Each API
 * and e2e test file runs in its own process. `new Date()` without an argument and the database's
 * clock (db/clock.ts) still read the real time, so a test that uses this takes its instants from
 * Date.now and reads nothing the database's clock dates.
 */
export function clockFrom(time = '12:00'): () => number {
  const real = Date.now;
  const started = real();
  const base = Date.parse(`${dayIn('UTC', started)}T${time}:00Z`);
  const now = () => base + (real() - started);
  Date.now = now;
  return now;
}
