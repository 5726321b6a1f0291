import { dayIn } from '../../src/common/time-zone.ts';

/**
 * A clock that reads `time` UTC (HH:MM) of the real day at its first reading, from then on at the
 * real pace (ms since 1970), for startTestApi's `now`: a test file that runs for minutes then
 * neither crosses a midnight, a Monday nor a month's first day between two reads of it, whatever
 * the real hour. The process's own clock is left as it is (see clockFrom).
 */
export function clockAt(time = '12:00', real: () => number = Date.now): () => number {
  const started = real();
  const base = Date.parse(`${dayIn('UTC', started)}T${time}:00Z`);
  return () => base + (real() - started);
}

/**
 * Sets this process's clock (Date.now, read by the test server that runs in this process) to
 * clockAt(`time`) and returns it for startTestApi's `now`. Each API and e2e test file runs in its
 * own process. `new Date()` without an argument and the database's clock (db/clock.ts) still read
 * the real time, so a test that uses this takes its instants from Date.now and reads nothing the
 * database's clock dates.
 */
export function clockFrom(time = '12:00'): () => number {
  const now = clockAt(time, Date.now);
  Date.now = now;
  return now;
}
