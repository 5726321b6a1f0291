import { isEmail } from '../common/email.ts';
import { isIsoDate } from '../common/dates.ts';
import { PASSWORD_PATTERN } from '../common/password-pattern.ts';
import { t } from './i18n.ts';

/**
 * The shared validators of admin-area §5, each written once. A validator returns its message
 * when the value fails and null when it passes; screens pass them per field to `useFormErrors`
 * (components/), which shows each under its field and the first as an error toast titled `whoops()`. The messages are the
 * catalogs' `form.*` (English: the spec's table word for word, `#fieldName#` being `{field}`), in the reader's language;
 * a screen passes the field's name as its reader sees it (its label's message).
 */

/** The title of a form check's error toast: "Whoops..!!!" (admin-area §5), in the reader's language. */
export const whoops = (): string => t('form.whoops');

const blank = (v: unknown) => v === undefined || v === null || String(v).trim() === '';

/** Empty or whitespace: "Please fill #fieldName#." */
export const required = (value: unknown, fieldName: string) => (blank(value) ? t('form.required', { field: fieldName }) : null);
/** Email pattern (common/email.ts). */
export const email = (value: unknown) => (!isEmail(value) ? t('form.email') : null);
/** Text only: letters, spaces and dots. */
export const textOnly = (value: unknown, fieldName: string) => (!/^[\p{L} .]*$/u.test(String(value ?? '')) ? t('form.textOnly', { field: fieldName }) : null);
/** Numbers only (the phone rule too: digits only). */
export const numbersOnly = (value: unknown, fieldName: string) => (!/^\d*$/.test(String(value ?? '')) ? t('form.numbersOnly', { field: fieldName }) : null);
/** Select box: non-empty and non-zero. */
export const selected = (value: unknown, fieldName: string) => (blank(value) || String(value) === '0' ? t('form.selectAny', { field: fieldName }) : null);
/** Length between `min` and `max` characters, inclusive. */
export const lengthBetween = (value: unknown, fieldName: string, min: number, max: number) => {
  const n = String(value ?? '').length;
  return n < min || n > max ? t('form.length', { field: fieldName, min, max }) : null;
};
/** Date: a real calendar date in YYYY-MM-DD. */
export const dateSelected = (value: unknown, fieldName: string) => (isIsoDate(value) ? null : t('form.selectThe', { field: fieldName }));
/** Password pattern (the one rule of common/password.ts, shared with the server). */
export { PASSWORD_PATTERN };
/** The password rule's message (admin-area §5, `validation.password`: the API's words for the same rule), or null when `value` follows it. */
export const strongPassword = (value: unknown) => (PASSWORD_PATTERN.test(String(value ?? '')) ? null : t('validation.password'));

/** The first message among checks, or null when all pass. */
export const firstFailure = (...checks: (string | null)[]) => checks.find((c) => c !== null) ?? null;
