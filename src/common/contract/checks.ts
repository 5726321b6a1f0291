import { isIsoDate } from '../dates.ts';
import { isSubdomain } from '../campaign-links.ts';
import { isEmail } from '../email.ts';
import { oneLineProblem } from '../mail-rules.ts';

/**
 * The contract's field checks as plain functions, free of zod: ./base.ts wraps them in zod for the
 * API's bodies, and the console runs the same functions where it checks before sending (the
 * participants sheet's preview), so a rule lives once and no validation library reaches the browser.
 */

/** One check of a typed form value: the message (`:attribute` for the label) when `s` fails, else null. */
export type Check = (s: string) => string | null;
/** The first of `checks` that `s` fails, in its own words, or null. */
export const firstProblem = (checks: readonly Check[], s: string) => {
  for (const check of checks) {
    const m = check(s);
    if (m) return m;
  }
  return null;
};
/** "The x field is required." for blank text. */
export const isRequired: Check = (s) => (s.trim() === '' ? 'The :attribute field is required.' : null);
/** "The x must be at least n characters." for non-empty text shorter than `n`. */
export const atLeast =
  (n: number): Check =>
  (s) =>
    s !== '' && s.length < n ? `The :attribute must be at least ${n} characters.` : null;
/** "The x may not be greater than n characters." */
export const atMost =
  (n: number): Check =>
  (s) =>
    s.length > n ? `The :attribute may not be greater than ${n} characters.` : null;
/** "The x may not contain line breaks." / "… control characters." (common/mail-rules.ts oneLineProblem). */
export const isOneLine: Check = (s) => oneLineProblem(s, ':attribute');
/** A required choice: "The x field is required.", then "The selected x is invalid." unless one of `values` (compared as text). */
export const choiceChecks = (...values: (string | number)[]): Check[] => [
  isRequired,
  (s) => (values.map(String).includes(s) ? null : 'The selected :attribute is invalid.'),
];

/** A whole number, sign allowed (record ids and integers as a form sends them). */
export const INTEGER = /^-?\d+$/;
/** "The x must be a number." for non-empty text that is not a finite number. */
export const isNumeric: Check = (s) => (s !== '' && !Number.isFinite(Number(s)) ? 'The :attribute must be a number.' : null);
/** "The x must be an integer." for non-empty text that is not a whole number. */
export const isInteger: Check = (s) => (s !== '' && !INTEGER.test(s.trim()) ? 'The :attribute must be an integer.' : null);
/** "The x is not a valid date." unless YYYY-MM-DD of a real day (common/dates.ts), for non-empty text. */
export const isDate: Check = (s) => (s === '' || isIsoDate(s) ? null : 'The :attribute is not a valid date.');
/** "The x may only contain letters, numbers and dashes." unless a subdomain (common/campaign-links.ts), for non-empty text. */
export const subdomainPattern: Check = (s) => (s !== '' && !isSubdomain(s) ? 'The :attribute may only contain letters, numbers and dashes.' : null);
/** "The x must be a valid email address." for text that is neither blank nor an address (common/email.ts). */
export const isEmailOrBlank: Check = (s) => (s.trim() === '' || isEmail(s) ? null : 'The :attribute must be a valid email address.');
