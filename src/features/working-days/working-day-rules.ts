/**
 * Pure rules of the Working Days screen (organiser-console §2, §3; closed dates are the
 * extension of docs/extensions.md).
 */

/** Day ids of organiser-console §3: Sunday = 1 .. Saturday = 7, each with its English name and its catalog key. */
export const DAYS = (
  [
    ['Sunday', 'organiser.workingDays.sunday'],
    ['Monday', 'organiser.workingDays.monday'],
    ['Tuesday', 'organiser.workingDays.tuesday'],
    ['Wednesday', 'organiser.workingDays.wednesday'],
    ['Thursday', 'organiser.workingDays.thursday'],
    ['Friday', 'organiser.workingDays.friday'],
    ['Saturday', 'organiser.workingDays.saturday'],
  ] as const
).map(([name, key], i) => ({ id: i + 1, name, key }));

/** Toggles one day id in a list (pure, for the checkboxes). */
export const toggleDay = (days: number[], id: number) => (days.includes(id) ? days.filter((d) => d !== id) : [...days, id].sort((a, b) => a - b));

/** Saving no working day leaves nothing bookable: the screen asks first. */
export const asksBeforeSaving = (days: readonly number[]) => days.length === 0;

/** The catalog keys of the question asked before saving no working day. */
export const NO_WORKING_DAY = {
  title: 'organiser.workingDays.noDayTitle',
  text: 'organiser.workingDays.noDayText',
  confirm: 'organiser.workingDays.noDayConfirm',
} as const;

/**
 * "Thursday, 25 December 2031" for a YYYY-MM-DD date (read as a calendar day, not a moment), in
 * `locale` (English reads as en-GB).
 */
export const closedDateLabel = (date: string, locale = 'en') =>
  new Date(`${date}T00:00:00Z`).toLocaleDateString(locale === 'en' ? 'en-GB' : locale, {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
import '../../lib/messages/organiser.ts';
