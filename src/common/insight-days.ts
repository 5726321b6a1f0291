import { dayIn, timeZoneName, TIME_ZONE_MESSAGE } from './time-zone.ts';

/**
 * The reader's days of an insights range (docs/insights.md "Time zones"): one rule for
 * the console's range picker and the API. A range is two calendar days `from` ≤ `to`
 * (YYYY-MM-DD, both included, at most INSIGHTS_MAX_DAYS) read in IANA time zone `tz`; each day
 * is the span from its first instant in `tz` to the next day's, so a summer-time day is 23 or 25
 * hours long. Every current UTC offset is a whole number of quarter hours, so a day starts on a
 * quarter hour of UTC: the roll-ups' slots (server/db/migrations/041-insight-roll-ups.ts) add up
 * to whole days in any time zone. Pure.
 *
 * dayStartIn('2026-07-16', 'Europe/Berlin') -> Date.UTC(2026, 6, 15, 22) (CEST, UTC+2)
 * dayStartIn('2026-07-16', 'Asia/Kolkata') -> Date.UTC(2026, 6, 15, 18, 30)
 */

/** The funnel's stages the insights' series count, in order (each a subset of the one before; docs/participants.md "Stages"). */
export const INSIGHT_STAGES = ['registered', 'matched', 'notified', 'viewed', 'bought'] as const;
export type InsightStage = (typeof INSIGHT_STAGES)[number];

/** The longest range in days (a year, a leap day included). */
export const INSIGHTS_MAX_DAYS = 366;
/** The range the API answers when none is asked: the last 30 days up to today. */
export const INSIGHTS_DEFAULT_DAYS = 30;

export const INSIGHTS_DAY_MESSAGE = 'The {field} is not a valid date.';
export const INSIGHTS_ORDER_MESSAGE = 'The from day must not be after the to day.';
export const INSIGHTS_LENGTH_MESSAGE = `The range may not be longer than ${INSIGHTS_MAX_DAYS} days.`;

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_MS = 86_400_000;
const QUARTER = 900_000;

/** Whether `s` is a real calendar day written YYYY-MM-DD (years 1970–9999). */
export function isDay(s: unknown): s is string {
  const m = typeof s === 'string' ? DAY.exec(s) : null;
  if (!m) return false;
  const t = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  return Number(m[1]) >= 1970 && new Date(t).toISOString().slice(0, 10) === s;
}

/** Day `day` moved by `n` calendar days ('2026-03-01', -1 -> '2026-02-28'). */
export function addDays(day: string, n: number): string {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d) + n * DAY_MS).toISOString().slice(0, 10);
}

/** How many days `from` … `to` holds, both included (0 when `to` is before `from`). */
export function dayCount(from: string, to: string): number {
  const t = (s: string) => Date.parse(`${s}T00:00:00Z`);
  return Math.max(0, Math.round((t(to) - t(from)) / DAY_MS) + 1);
}

/** The days `from` … `to`, both included, in order. */
export function daysOf(from: string, to: string): string[] {
  const n = dayCount(from, to);
  return Array.from({ length: n }, (_, i) => addDays(from, i));
}

/**
 * The first instant (ms since 1970, UTC) of calendar day `day` in time zone `tz` (a name
 * timeZoneName accepts): local midnight, or the first quarter hour of the day when summer time
 * skips midnight.
 */
export function dayStartIn(day: string, tz: string): number {
  const [y, m, d] = day.split('-').map(Number);
  const base = Date.UTC(y, m - 1, d);
  // Local midnight is `base` minus the offset at that instant; two rounds settle a change of offset.
  let t = base - offsetAt(base, tz);
  const at = offsetAt(t, tz);
  // The common case: the offset at that instant puts it exactly at local midnight.
  if (t + at === base) return t;
  t = base - at;
  t -= t % QUARTER;
  for (let i = 0; i < 16 && dayIn(tz, t) < day; i++) t += QUARTER;
  for (let i = 0; i < 16 && dayIn(tz, t - QUARTER) === day; i++) t -= QUARTER;
  return t;
}

const offsetFormats = new Map<string, Intl.DateTimeFormat>();
/** The UTC offset (ms, east positive) of time zone `tz` at instant `at`. */
export function offsetAt(at: number, tz: string): number {
  let f = offsetFormats.get(tz);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: tz,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    offsetFormats.set(tz, f);
  }
  const p = Object.fromEntries(f.formatToParts(at).map((x) => [x.type, x.value]));
  const local = Date.UTC(Number(p.year), Number(p.month) - 1, Number(p.day), Number(p.hour) % 24, Number(p.minute), Number(p.second));
  return local - (at - (at % 1000));
}

/** An insights range as read: its first and last day (YYYY-MM-DD, both included) and its time zone. */
export interface InsightsRange {
  from: string;
  to: string;
  tz: string;
}

/**
 * The problems of an asked range by field (`{}` when it passes); an empty `from`/`to` is not a
 * problem (the default applies), an empty `tz` neither (the caller's own applies).
 *
 * insightsRangeProblems({ from: '2026-07-32' }) -> { from: 'The from is not a valid date.' }
 */
export function insightsRangeProblems(q: { from?: unknown; to?: unknown; tz?: unknown }): Record<string, string> {
  const out: Record<string, string> = {};
  for (const field of ['from', 'to'] as const) {
    const v = String(q[field] ?? '').slice(0, 11);
    if (v !== '' && !isDay(v)) out[field] = INSIGHTS_DAY_MESSAGE.replace('{field}', field);
  }
  if (String(q.tz ?? '').trim() !== '' && !timeZoneName(q.tz)) out.tz = TIME_ZONE_MESSAGE;
  if (!out.from && !out.to && isDay(q.from) && isDay(q.to)) {
    if (q.to < q.from) out.to = INSIGHTS_ORDER_MESSAGE;
    else if (dayCount(q.from, q.to) > INSIGHTS_MAX_DAYS) out.from = INSIGHTS_LENGTH_MESSAGE;
  }
  return out;
}

/**
 * The range `q` asks for with its defaults: `tz` (else `fallbackTz`, else UTC) as timeZoneName
 * writes it; `to` (else today in that zone at `now`); `from` (else the INSIGHTS_DEFAULT_DAYS days
 * ending at `to`). Call after insightsRangeProblems found none. When only `from` is given, `to`
 * is today, kept within the bounds (not before `from`, at most INSIGHTS_MAX_DAYS after it).
 */
export function insightsRange(q: { from?: unknown; to?: unknown; tz?: unknown }, fallbackTz = '', now = Date.now()): InsightsRange {
  const tz = timeZoneName(q.tz) ?? timeZoneName(fallbackTz) ?? 'UTC';
  let to = isDay(q.to) ? q.to : dayIn(tz, now);
  const from = isDay(q.from) ? q.from : addDays(to, 1 - INSIGHTS_DEFAULT_DAYS);
  if (to < from) to = addDays(from, INSIGHTS_DEFAULT_DAYS - 1);
  else if (dayCount(from, to) > INSIGHTS_MAX_DAYS) to = addDays(from, INSIGHTS_MAX_DAYS - 1);
  return { from, to, tz };
}
