import { addDays, isDay, offsetAt } from './insight-days.ts';
import { dayIn, TIME_ZONE_MESSAGE, timeZoneName } from './time-zone.ts';

/**
 * When a scheduled report is due: daily, weekly (on a weekday) or monthly (on a day
 * of the month) at a wall-clock time in a time zone. Due times are instants (ms since 1970) that
 * depend only on the cadence, so every process computes the same ones: a due time is the key
 * that makes a report go out once per due time.
 *
 * - The time is the reader's wall clock in `timeZone`: 08:00 Europe/Berlin is 07:00 UTC in winter
 *   and 06:00 UTC in summer.
 * - A wall time that does not exist on a day (summer time skips it: 02:30 on the last Sunday of
 *   March in Berlin) is due as late as the clocks jumped (03:30); a wall time that happens twice
 *   (autumn) is due the first time.
 * - Monthly on a day a month lacks (31, 30, 29) is due on that month's last day.
 * - Weekdays are ISO: 1 Monday … 7 Sunday.
 *
 * nextDueAt({ frequency: 'weekly', time: '08:00', timeZone: 'Europe/Berlin', weekday: 1 }, Date.parse('2026-07-01T00:00:00Z'))
 *   -> Date.parse('2026-07-06T06:00:00Z') (Monday 6 July, 08:00 summer time)
 */

/** What a report holds: an event's insights, the organiser's sales across its events, the platform's figures (administrators). */
export const REPORT_KINDS = ['event', 'sales', 'platform'] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];
/** At most this many recipients per schedule. */
export const REPORT_RECIPIENTS_MAX = 20;
/** At most this many schedules per owner (an organiser, or the platform). */
export const REPORT_SCHEDULES_MAX = 50;
/** A schedule's name: at most this many characters. */
export const REPORT_NAME_MAX = 120;

/** How often a report goes out. */
export const REPORT_FREQUENCIES = ['daily', 'weekly', 'monthly'] as const;
export type ReportFrequency = (typeof REPORT_FREQUENCIES)[number];

/** A report's cadence: how often, at which wall time (HH:MM, 24-hour) in which time zone (an IANA name). */
export interface ReportCadence {
  frequency: ReportFrequency;
  time: string;
  timeZone: string;
  /** Weekly: 1 Monday … 7 Sunday. */
  weekday?: number;
  /** Monthly: 1 … 31 (past a month's last day: that last day). */
  monthDay?: number;
}

const TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;
const DAY_MS = 86_400_000;
/** How far a search for a due day looks (a monthly cadence is due at least every 31 days). */
const SEARCH_DAYS = 62;

/** The problems of a cadence as a form or the API gets it, by field (empty when there are none); English, as the API words them. */
export function cadenceProblems(c: {
  frequency?: unknown;
  time?: unknown;
  time_zone?: unknown;
  weekday?: unknown;
  month_day?: unknown;
}): Record<string, string> {
  const out: Record<string, string> = {};
  const frequency = String(c.frequency ?? '');
  if (!(REPORT_FREQUENCIES as readonly string[]).includes(frequency)) out.frequency = 'The selected frequency is invalid.';
  if (!TIME.test(String(c.time ?? ''))) out.time = 'The time must be a time of day written HH:MM, such as 08:30.';
  if (!timeZoneName(c.time_zone)) out.time_zone = TIME_ZONE_MESSAGE;
  const whole = (v: unknown, max: number) => /^\d{1,2}$/.test(String(v ?? '')) && Number(v) >= 1 && Number(v) <= max;
  if (frequency === 'weekly' && !whole(c.weekday, 7)) out.weekday = 'The selected weekday is invalid.';
  if (frequency === 'monthly' && !whole(c.month_day, 31)) out.month_day = 'The selected month day is invalid.';
  return out;
}

/**
 * The instant of wall time `time` (HH:MM) on calendar day `day` (YYYY-MM-DD) in time zone `tz`:
 * a skipped wall time as late as the clocks jumped, a repeated one the first time (module comment).
 */
export function wallTimeIn(day: string, time: string, tz: string): number {
  const [y, mo, d] = day.split('-').map(Number);
  const [h, mi] = time.split(':').map(Number);
  const wall = Date.UTC(y, mo - 1, d, h, mi);
  // The offsets in force around that day (one change of offset a day at most).
  const before = offsetAt(wall - DAY_MS, tz);
  const after = offsetAt(wall + DAY_MS, tz);
  const fits = [before, after].map((o) => wall - o).filter((t) => offsetAt(t, tz) === wall - t);
  if (fits.length) return Math.min(...fits);
  // Skipped: read with the offset before the jump, the wall time lands as late as the clocks jumped.
  return wall - before;
}

/** Whether calendar day `day` is one the cadence is due on. */
function dueOn(c: ReportCadence, day: string): boolean {
  if (c.frequency === 'daily') return true;
  const [y, m, d] = day.split('-').map(Number);
  if (c.frequency === 'weekly') return ((new Date(Date.UTC(y, m - 1, d)).getUTCDay() + 6) % 7) + 1 === c.weekday;
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return d === Math.min(c.monthDay ?? 1, last);
}

/** The first due time of `c` strictly after `after` (ms since 1970). `c` must have no cadenceProblems. */
export function nextDueAt(c: ReportCadence, after: number): number {
  const first = dayIn(c.timeZone, after);
  for (let i = 0; i <= SEARCH_DAYS; i++) {
    const day = addDays(first, i);
    if (!dueOn(c, day)) continue;
    const t = wallTimeIn(day, c.time, c.timeZone);
    if (t > after) return t;
  }
  throw new Error(`no due time within ${SEARCH_DAYS} days of ${new Date(after).toISOString()}`);
}

/**
 * The latest due time of `c` at or before `now`, or null when none lies within SEARCH_DAYS days
 * before it: what a sender catching up after a stop sends (once, for that due time).
 */
export function lastDueAt(c: ReportCadence, now: number): number | null {
  const today = dayIn(c.timeZone, now);
  for (let i = 0; i <= SEARCH_DAYS; i++) {
    const day = addDays(today, -i);
    if (!isDay(day) || !dueOn(c, day)) continue;
    const t = wallTimeIn(day, c.time, c.timeZone);
    if (t <= now) return t;
  }
  return null;
}
