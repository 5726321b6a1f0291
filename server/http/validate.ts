import { validationError } from './http-error.ts';
import { isEmail } from '../../src/common/email.ts';
import { isIsoDate } from '../../src/common/dates.ts';
import { parseIdList } from '../../src/common/contract/rules.ts';
import { fieldLabel as label, notText, parseBody } from '../lib/rules/parse-body.ts';

/**
 * Server-side validation before any write (STYLE.md §6). A rule returns a message or null;
 * `validate` collects the first failing rule of every field and throws one 422 `validation_error`
 * whose `errors` maps field -> [message], in Laravel's wording ("The name field is required.").
 */
export type Rule = (value: unknown, label: string) => string | null;
type Body = Record<string, unknown>;

const text = (v: unknown) => (typeof v === 'string' ? v : v == null ? '' : String(v));

/** "The x field is required." for a missing or blank value. */
export const required: Rule = (v, l) => (text(v).trim() === '' ? `The ${l} field is required.` : null);
/** The e-mail rule of common/email.ts, for a non-empty value. */
export const email: Rule = (v, l) => (text(v) !== '' && !isEmail(text(v)) ? `The ${l} must be a valid email address.` : null);
/** "The x may not be greater than n characters." */
export const maxLength =
  (n: number): Rule =>
  (v, l) =>
    text(v).length > n ? `The ${l} may not be greater than ${n} characters.` : null;
/** "The x must be at least n characters." for a non-empty value. */
export const minLength =
  (n: number): Rule =>
  (v, l) =>
    text(v) !== '' && text(v).length < n ? `The ${l} must be at least ${n} characters.` : null;
/** "The selected x is invalid." unless the non-empty value is one of `allowed`. */
export const oneOf =
  (...allowed: (string | number)[]): Rule =>
  (v, l) =>
    text(v) !== '' && !allowed.map(String).includes(text(v)) ? `The selected ${l} is invalid.` : null;
/** "The x must be an integer." for a non-empty value. */
export const integer: Rule = (v, l) => (text(v) !== '' && !/^-?\d+$/.test(text(v).trim()) ? `The ${l} must be an integer.` : null);
/**
 * A record id (DESIGN.md §2): an integer from 1 to 2^31 - 1, the range both engines store.
 * Not an integer: "The x must be an integer."; out of range: "The selected x is invalid.".
 */
export const recordId: Rule = (v, l) => {
  const s = text(v).trim();
  if (s === '') return null;
  if (!/^-?\d+$/.test(s)) return `The ${l} must be an integer.`;
  return /^\d{1,10}$/.test(s) && Number(s) >= 1 && Number(s) <= 2 ** 31 - 1 ? null : `The selected ${l} is invalid.`;
};
/** "The x must be a number." for a non-empty value that is not a finite number. */
export const numeric: Rule = (v, l) => (text(v) !== '' && !Number.isFinite(Number(text(v))) ? `The ${l} must be a number.` : null);
/** The date rule of common/dates.ts (YYYY-MM-DD, a real day), for a non-empty value. */
export const date: Rule = (v, l) => (text(v) === '' || isIsoDate(text(v)) ? null : `The ${l} is not a valid date.`);
/** A JSON-encoded list of positive integer ids, e.g. "[1,2]" (admin-area §3). */
export const idList: Rule = (v, l) => (text(v) === '' || parseIdList(text(v)) ? null : `The ${l} must be a JSON list of ids.`);

/** Parses "[1,2,3]" into ids: the wire contract's rule (src/common/contract/rules.ts). */
export { parseIdList };

const STRUCTURED = new WeakSet<Rule>();
/** Marks `rule` as reading a list or object itself (JSON bodies: sponsors, photo points), so validate does not refuse one as "must be a string". */
export function structured(rule: Rule): Rule {
  STRUCTURED.add(rule);
  return rule;
}

/** Throws a 422 listing every field whose rules fail; `labels` overrides a field's display name. */
export function validate(body: Body, schema: Record<string, Rule[]>, labels: Record<string, string> = {}): void {
  const errors: Record<string, string[]> = {};
  for (const [field, rules] of Object.entries(schema)) {
    const v = body[field];
    // A list or an object where a form value is expected (JSON bodies): never read as text.
    if (v !== null && typeof v === 'object' && !(v instanceof Blob) && !rules.some((r) => STRUCTURED.has(r))) {
      errors[field] = [notText(labels[field] ?? label(field))];
      continue;
    }
    for (const rule of rules) {
      const msg = rule(body[field], labels[field] ?? label(field));
      if (msg) {
        errors[field] = [msg];
        break;
      }
    }
  }
  if (Object.keys(errors).length) throw validationError(errors);
}

/**
 * A required integer id read from one query or form value: 422 naming `field` ("The event id
 * field is required.", "The event id must be an integer.") unless it is one; else the number.
 */
export function requiredId(value: string | undefined, field: string): number {
  validate({ [field]: value ?? '' }, { [field]: [required, recordId] });
  return Number(value);
}

/** Checks a body against a contract schema; lib/rules/parse-body.ts. */
export { parseBody };
