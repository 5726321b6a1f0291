/**
 * The one date rule of console and API (admin-area §5 "Date", organiser-console §6): a real
 * calendar day written `YYYY-MM-DD` (the form's date inputs and the stored text both use it).
 *
 * isIsoDate('2024-02-29') -> true; isIsoDate('2023-02-29') -> false; isIsoDate('1/2/2024') -> false
 */
export function isIsoDate(value: unknown): boolean {
  const s = String(value ?? '');
  if (!/^\d{4}-\d{2}-\d{2}$/.test(s)) return false;
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(s);
}

/**
 * The message when a campaign's dates leave its event's, the same in the
 * form and in the API's 422: "Campaign dates must be within the event's dates, 2030-05-01 to 2030-05-03."
 */
export const outsideEventDates = (eventStart: string, eventEnd: string) => `Campaign dates must be within the event's dates, ${eventStart} to ${eventEnd}.`;

/**
 * Where a campaign's dates (`start`, `end`, YYYY-MM-DD) leave its event's (`eventStart`,
 * `eventEnd`): `{ start?, end? }` holding outsideEventDates' message for each date before the
 * event's start or after its end; `{}` when both lie within, when a date is not yet a real date
 * (other rules report that) or when the event's dates are not real dates (nothing to hold to).
 *
 * campaignDatesOutsideEvent('2020-01-01', '2020-01-02', '2027-06-01', '2027-06-03') -> { start: …, end: … }
 */
export function campaignDatesOutsideEvent(start: string, end: string, eventStart: string, eventEnd: string): { start?: string; end?: string } {
  if (!isIsoDate(eventStart) || !isIsoDate(eventEnd)) return {};
  const message = outsideEventDates(eventStart, eventEnd);
  const out: { start?: string; end?: string } = {};
  const outside = (d: string) => isIsoDate(d) && (d < eventStart || d > eventEnd);
  if (outside(start)) out.start = message;
  if (outside(end)) out.end = message;
  return out;
}
