/**
 * Pure rules of the Working Days screen (organiser-console §2, §3; closed dates are the
 * extension of docs/extensions.md).
 */

/** Day ids of organiser-console §3: Sunday = 1 .. Saturday = 7. */
export const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'].map((name, i) => ({ id: i + 1, name }));

/** Toggles one day id in a list (pure, for the checkboxes). */
export const toggleDay = (days: number[], id: number) => (days.includes(id) ? days.filter((d) => d !== id) : [...days, id].sort((a, b) => a - b));

/** Saving no working day leaves nothing bookable: the screen asks first. */
export const asksBeforeSaving = (days: readonly number[]) => days.length === 0;

/** The question asked before saving no working day. */
export const NO_WORKING_DAY = {
  title: 'No working day',
  text: 'No day is ticked, so nothing can be booked on any day. Save with no working day?',
  confirm: 'Save with no working day',
};

/** "Thursday, 25 December 2031" for a YYYY-MM-DD date (read as a calendar day, not a moment). */
export const closedDateLabel = (date: string) =>
  new Date(`${date}T00:00:00Z`).toLocaleDateString('en-GB', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
