import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { cadenceProblems, lastDueAt, nextDueAt, wallTimeIn, type ReportCadence } from '../../src/common/report-schedule.ts';

// When a scheduled report is due: wall time in the schedule's time zone, across
// summer time, weekdays and short months; the same instants whoever computes them.

const at = (iso: string) => Date.parse(iso);
const iso = (t: number) => new Date(t).toISOString();
const berlin = (c: Partial<ReportCadence>): ReportCadence => ({ frequency: 'daily', time: '08:00', timeZone: 'Europe/Berlin', ...c });

test('daily at 08:00 in Berlin is 07:00 UTC in winter and 06:00 UTC in summer; strictly after the given instant', () => {
  assert.is(iso(nextDueAt(berlin({}), at('2026-01-10T00:00:00Z'))), '2026-01-10T07:00:00.000Z');
  assert.is(iso(nextDueAt(berlin({}), at('2026-07-10T00:00:00Z'))), '2026-07-10T06:00:00.000Z');
  assert.is(iso(nextDueAt(berlin({}), at('2026-07-10T06:00:00Z'))), '2026-07-11T06:00:00.000Z', 'a due time is not due again');
  assert.is(iso(nextDueAt(berlin({}), at('2026-07-10T05:59:59.999Z'))), '2026-07-10T06:00:00.000Z');
  // Across the change of offset: Saturday 28 March in winter time, Sunday 29 in summer time.
  assert.is(iso(nextDueAt(berlin({}), at('2026-03-28T07:00:00Z'))), '2026-03-29T06:00:00.000Z');
  assert.is(iso(nextDueAt(berlin({ timeZone: 'UTC', time: '23:30' }), at('2026-07-10T23:30:00Z'))), '2026-07-11T23:30:00.000Z');
});

test('a wall time summer time skips is due as late as the clocks jumped; one that happens twice, the first time', () => {
  assert.is(iso(wallTimeIn('2026-03-29', '02:30', 'Europe/Berlin')), '2026-03-29T01:30:00.000Z', '02:30 does not exist: 03:30 CEST');
  assert.is(iso(wallTimeIn('2026-10-25', '02:30', 'Europe/Berlin')), '2026-10-25T00:30:00.000Z', '02:30 CEST, the first of the two');
  assert.is(iso(wallTimeIn('2026-10-25', '03:30', 'Europe/Berlin')), '2026-10-25T02:30:00.000Z');
  assert.is(iso(wallTimeIn('2026-03-08', '02:15', 'America/New_York')), '2026-03-08T07:15:00.000Z', '03:15 EDT');
  assert.is(iso(wallTimeIn('2026-05-02', '00:00', 'Asia/Kolkata')), '2026-05-01T18:30:00.000Z');
  const daily = berlin({ time: '02:30' });
  assert.equal(
    [at('2026-03-28T02:00:00Z'), at('2026-03-29T02:00:00Z')].map((t) => iso(nextDueAt(daily, t))),
    ['2026-03-29T01:30:00.000Z', '2026-03-30T00:30:00.000Z'],
  );
});

test('weekly on a weekday (1 Monday … 7 Sunday), monthly on a day of the month or the last day of a shorter month', () => {
  const monday = berlin({ frequency: 'weekly', weekday: 1 });
  assert.is(iso(nextDueAt(monday, at('2026-07-01T00:00:00Z'))), '2026-07-06T06:00:00.000Z');
  assert.is(iso(nextDueAt(monday, at('2026-07-06T06:00:00Z'))), '2026-07-13T06:00:00.000Z');
  const sunday = berlin({ frequency: 'weekly', weekday: 7, timeZone: 'Pacific/Auckland', time: '23:00' });
  assert.is(iso(nextDueAt(sunday, at('2026-07-01T00:00:00Z'))), '2026-07-05T11:00:00.000Z');
  const last = berlin({ frequency: 'monthly', monthDay: 31 });
  assert.equal(
    [at('2026-01-31T07:00:00Z'), at('2026-02-28T07:00:00Z'), at('2028-02-01T00:00:00Z'), at('2026-04-01T00:00:00Z')].map((t) => iso(nextDueAt(last, t))),
    ['2026-02-28T07:00:00.000Z', '2026-03-31T06:00:00.000Z', '2028-02-29T07:00:00.000Z', '2026-04-30T06:00:00.000Z'],
  );
  assert.is(iso(nextDueAt(berlin({ frequency: 'monthly', monthDay: 1 }), at('2026-12-15T00:00:00Z'))), '2027-01-01T07:00:00.000Z');
});

test('the latest due time at or before now: what a sender catching up after a stop sends once', () => {
  const daily = berlin({});
  assert.is(iso(lastDueAt(daily, at('2026-07-10T06:00:00Z'))!), '2026-07-10T06:00:00.000Z', 'the due minute itself');
  assert.is(iso(lastDueAt(daily, at('2026-07-10T05:59:00Z'))!), '2026-07-09T06:00:00.000Z');
  const monthly = berlin({ frequency: 'monthly', monthDay: 15 });
  assert.is(iso(lastDueAt(monthly, at('2026-07-10T00:00:00Z'))!), '2026-06-15T06:00:00.000Z');
  // Every due time, computed from any instant, is one of the same instants.
  for (let t = at('2026-03-01T00:00:00Z'); t < at('2026-04-05T00:00:00Z'); t += 3_600_000 * 7) {
    const next = nextDueAt(monthly, t);
    assert.is(lastDueAt(monthly, next), next);
    assert.ok(nextDueAt(daily, t) > t && nextDueAt(daily, t) - t <= 25 * 3_600_000);
  }
});

test('a cadence as the API gets it: each bad field named', () => {
  assert.equal(cadenceProblems({ frequency: 'weekly', time: '08:30', time_zone: 'Europe/Berlin', weekday: '1' }), {});
  assert.equal(cadenceProblems({ frequency: 'monthly', time: '23:59', time_zone: 'utc', month_day: 31 }), {});
  assert.equal(Object.keys(cadenceProblems({ frequency: 'hourly', time: '24:00', time_zone: 'Mars/Olympus' })), ['frequency', 'time', 'time_zone']);
  assert.equal(Object.keys(cadenceProblems({ frequency: 'weekly', time: '8:30', time_zone: 'UTC', weekday: 0 })), ['time', 'weekday']);
  assert.equal(Object.keys(cadenceProblems({ frequency: 'monthly', time: '08:30', time_zone: 'UTC', month_day: '32' })), ['month_day']);
});

test.run();
