import { isEmail } from '../common/email.ts';
import { isIsoDate } from '../common/dates.ts';
import { PASSWORD_PATTERN, passwordProblem } from '../common/password.ts';

/**
 * The shared validators of admin-area §5, each written once. A validator returns its message
 * when the value fails and null when it passes; screens pass them per field to `useFormErrors`
 * (components/), which shows each under its field and the first as an error toast titled `WHOOPS`. `#fieldName#` and the length
 * bounds are filled in exactly as the spec's table words them.
 */

export const WHOOPS = 'Whoops..!!!';

const blank = (v: unknown) => v === undefined || v === null || String(v).trim() === '';

/** Empty or whitespace: "Please fill #fieldName#." */
export const required = (value: unknown, fieldName: string) => (blank(value) ? `Please fill ${fieldName}.` : null);
/** Email pattern (common/email.ts). */
export const email = (value: unknown) => (!isEmail(value) ? 'Please enter a valid email address.' : null);
/** Text only: letters, spaces and dots. */
export const textOnly = (value: unknown, fieldName: string) =>
  !/^[\p{L} .]*$/u.test(String(value ?? '')) ? `Only alphabets, space and dot are allowed in ${fieldName}.` : null;
/** Numbers only (the phone rule too: digits only). */
export const numbersOnly = (value: unknown, fieldName: string) => (!/^\d*$/.test(String(value ?? '')) ? `Only numbers are allowed in ${fieldName}.` : null);
/** Select box: non-empty and non-zero. */
export const selected = (value: unknown, fieldName: string) => (blank(value) || String(value) === '0' ? `Please select any ${fieldName}.` : null);
/** Length between `min` and `max` characters, inclusive. */
export const lengthBetween = (value: unknown, fieldName: string, min: number, max: number) => {
  const n = String(value ?? '').length;
  return n < min || n > max ? `${fieldName} should have minimum length should be ${min} and maximum length should be ${max}.` : null;
};
/** Date: a real calendar date in YYYY-MM-DD. */
export const dateSelected = (value: unknown, fieldName: string) => (isIsoDate(value) ? null : `Please select the ${fieldName}.`);
/** Password pattern (the one rule of common/password.ts, shared with the server). */
export { PASSWORD_PATTERN };
/** The password rule's message (admin-area §5), or null when `value` follows it. */
export const strongPassword = (value: unknown) => passwordProblem(String(value ?? ''));

/** The first message among checks, or null when all pass. */
export const firstFailure = (...checks: (string | null)[]) => checks.find((c) => c !== null) ?? null;
