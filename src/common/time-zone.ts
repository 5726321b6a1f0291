/**
 * An organiser's time zone, the one rule of console and API: an IANA time zone name such as
 * "Europe/London" that the runtime's Intl knows. It decides the organiser's "today": the day its
 * upcoming events start from, on the Events list and the dashboard. Empty means not chosen; the
 * console then uses the browser's time zone and sends it with the calls that need the day (`tz`),
 * and the server uses the organiser's saved one first.
 *
 * timeZoneName('europe/london') -> 'Europe/London'; timeZoneName('Mars/Olympus') -> null;
 * timeZoneName('+05:00') -> null (an offset is not a name); dayIn('Pacific/Kiritimati', at) -> '2030-05-02'
 */

/** The longest time zone name accepted (the longest IANA name has 32 characters). */
export const TIME_ZONE_MAX = 64;

/** The message of a time zone that is not a known name, the same in the form and in the API's 422. */
export const TIME_ZONE_MESSAGE = 'The time zone must be a known time zone name, such as Europe/London.';

/** A name's shape: letters first, then letters, digits, `_`, `+`, `-`, parts joined by `/` (no offsets such as +05:00). */
const NAME = /^[A-Za-z][A-Za-z0-9_+-]*(?:\/[A-Za-z0-9_+-]+)*$/;

/** Formatters of the day per time zone, made once each (a valid name only reaches here). */
const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** Each time zone's last answered day and the minute it holds for: offsets are whole minutes, so a day turns only at a minute's start. */
const lastDays = new Map<string, { minute: number; day: string }>();

/**
 * timeZoneName's answers, by the text asked (a DateTimeFormat costs tens of microseconds to make).
 * Only texts of a name's shape are kept, and at most NAMES_KEPT of them, so hostile input cannot grow it.
 */
const names = new Map<string, string | null>();
const NAMES_KEPT = 2048;

/**
 * The time zone `value` names, as Intl writes it ('europe/london' -> 'Europe/London',
 * 'US/Pacific' -> 'America/Los_Angeles'), or null when it is empty, not a name or unknown to Intl.
 */
export function timeZoneName(value: unknown): string | null {
  const s = String(value ?? '').trim();
  if (!s || s.length > TIME_ZONE_MAX || !NAME.test(s)) return null;
  const known = names.get(s);
  if (known !== undefined) return known;
  let name: string | null;
  try {
    name = new Intl.DateTimeFormat('en-US', { timeZone: s }).resolvedOptions().timeZone;
  } catch {
    name = null;
  }
  if (names.size < NAMES_KEPT) names.set(s, name);
  return name;
}

/** The problem of a time zone field: null when it is empty (not chosen) or a known name, else TIME_ZONE_MESSAGE. */
export const timeZoneProblem = (value: unknown): string | null => (String(value ?? '').trim() === '' || timeZoneName(value) ? null : TIME_ZONE_MESSAGE);

/** The calendar day (YYYY-MM-DD) in time zone `timeZone` (a name timeZoneName accepts) at `at` (ms since 1970, default now). */
export function dayIn(timeZone: string, at: number = Date.now()): string {
  const minute = Math.floor(at / 60_000);
  const last = lastDays.get(timeZone);
  if (last?.minute === minute) return last.day;
  let f = dayFormats.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    dayFormats.set(timeZone, f);
  }
  const parts = f.formatToParts(at);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  const day = `${part('year').padStart(4, '0')}-${part('month')}-${part('day')}`;
  lastDays.set(timeZone, { minute, day });
  return day;
}

/** The browser's (or process's) own time zone as timeZoneName writes it, or '' when Intl names none it accepts. */
export const localTimeZone = (): string => timeZoneName(Intl.DateTimeFormat().resolvedOptions().timeZone) ?? '';

let choices: readonly string[] | undefined;
/** Every time zone name Intl offers, UTC included, in alphabetical order (the profile's choices); made once. */
export function timeZoneChoices(): readonly string[] {
  choices ??= [...new Set([...(typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : []), 'UTC'])].sort();
  return choices;
}
