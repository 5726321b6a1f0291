/**
 * The campaign settings both the campaign form and the API check (organiser-console §3
 * "Campaign creation form fields", §5, §9), pure data and functions with no DOM or Node import.
 * Values are the form's strings, as they travel form-encoded.
 */

/** Event types of the photo-recognition event (§3). */
export const EVENT_TYPES = ['RUNNING', 'MARATHON', 'SKATING'] as const;
/** Tolerance options (§5, §9): default 0, then 0.3 to 0.65 by 0.05, written as the select's values. */
export const TOLERANCES = ['0', ...Array.from({ length: 8 }, (_, i) => (0.3 + i * 0.05).toFixed(2).replace(/0$/, ''))];
export { SUBDOMAIN_PATTERN } from './campaign-links.ts';
/** A subdomain is one DNS label: at most 63 characters. */
export const SUBDOMAIN_MAX = 63;

/** BIB ranges are whole numbers with end >= start when both are given (issue wording, house rule). */
export const BIB_NOT_WHOLE = 'Use a whole number.';
export const BIB_END_BEFORE_START = 'The end of the range should not be below its start.';

/**
 * The error of a BIB range, by field, when BIB numbers are present: `bib_start_range` and
 * `bib_end_range` must be whole numbers (digits only, at most 12) and end >= start.
 * Empty values are allowed (the BIB fields are optional, §5). Returns {} when valid.
 */
export function bibRangeErrors(start: string, end: string): { bib_start_range?: string; bib_end_range?: string } {
  const whole = (v: string) => v.trim() === '' || /^\d{1,12}$/.test(v.trim());
  const e: { bib_start_range?: string; bib_end_range?: string } = {};
  if (!whole(start)) e.bib_start_range = BIB_NOT_WHOLE;
  if (!whole(end)) e.bib_end_range = BIB_NOT_WHOLE;
  else if (!e.bib_start_range && start.trim() !== '' && end.trim() !== '' && Number(end) < Number(start)) e.bib_end_range = BIB_END_BEFORE_START;
  return e;
}
