import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { dayStartIn, daysOf, insightsRange, insightsRangeProblems } from '../../src/common/insight-days.ts';
import { dayIn } from '../../src/common/time-zone.ts';

const H = 3_600_000;

test("a day starts at the reader's midnight, for whole, half and three-quarter hour offsets", () => {
  assert.is(dayStartIn('2026-07-16', 'Europe/Berlin'), Date.UTC(2026, 6, 15, 22), 'summer time: UTC+2');
  assert.is(dayStartIn('2026-01-16', 'Europe/Berlin'), Date.UTC(2026, 0, 15, 23), 'winter: UTC+1');
  assert.is(dayStartIn('2026-07-16', 'Asia/Kolkata'), Date.UTC(2026, 6, 15, 18, 30));
  assert.is(dayStartIn('2026-07-16', 'Asia/Kathmandu'), Date.UTC(2026, 6, 15, 18, 15));
  assert.is(dayStartIn('2026-07-16', 'America/St_Johns'), Date.UTC(2026, 6, 16, 2, 30), 'Newfoundland summer: UTC-2:30');
  assert.is(dayStartIn('2026-07-16', 'Pacific/Chatham'), Date.UTC(2026, 6, 15, 11, 15), 'Chatham winter: UTC+12:45');
  assert.is(dayStartIn('2026-07-16', 'UTC'), Date.UTC(2026, 6, 16));
});

test('the days of summer time changes are 23 and 25 hours long, and every day is read back as itself', () => {
  assert.is(dayStartIn('2026-03-30', 'Europe/Berlin') - dayStartIn('2026-03-29', 'Europe/Berlin'), 23 * H);
  assert.is(dayStartIn('2026-10-26', 'Europe/Berlin') - dayStartIn('2026-10-25', 'Europe/Berlin'), 25 * H);
  assert.is(dayStartIn('2026-10-05', 'Australia/Lord_Howe') - dayStartIn('2026-10-04', 'Australia/Lord_Howe'), 23.5 * H, 'a half-hour summer time');
  for (const tz of ['Europe/Berlin', 'America/Santiago', 'Asia/Kolkata', 'Australia/Lord_Howe', 'America/Havana', 'Asia/Beirut']) {
    for (const day of daysOf('2026-01-01', '2026-12-31')) {
      const t = dayStartIn(day, tz);
      assert.is(dayIn(tz, t), day, `${tz} ${day} starts on that day`);
      assert.ok(dayIn(tz, t - 1) < day, `${tz} ${day}: the instant before is the day before`);
    }
  }
});

test('a range is read with its defaults and refused by field', () => {
  const now = Date.UTC(2026, 6, 15, 22, 30);
  assert.equal(insightsRange({}, '', now), { from: '2026-06-16', to: '2026-07-15', tz: 'UTC' });
  assert.equal(insightsRange({ tz: 'Europe/Berlin' }, '', now), { from: '2026-06-17', to: '2026-07-16', tz: 'Europe/Berlin' });
  assert.equal(insightsRange({}, 'Europe/Paris', now).tz, 'Europe/Paris', "the organiser's zone when none is asked");
  assert.equal(insightsRange({ from: '2026-07-20' }, '', now), { from: '2026-07-20', to: '2026-08-18', tz: 'UTC' }, 'a future from: 30 days');
  assert.equal(insightsRangeProblems({ from: '2026-02-29' }), { from: 'The from is not a valid date.' });
  assert.equal(insightsRangeProblems({ tz: '+02:00' }), { tz: 'The time zone must be a known time zone name, such as Europe/London.' });
  assert.equal(insightsRangeProblems({ from: '2026-01-02', to: '2026-01-01' }), { to: 'The from day must not be after the to day.' });
  assert.equal(insightsRangeProblems({ from: '2024-12-31', to: '2026-01-01' }), { from: 'The range may not be longer than 366 days.' });
  assert.equal(insightsRangeProblems({ from: '2025-01-01', to: '2025-12-31', tz: 'Europe/Berlin' }), {});
});

test.run();
