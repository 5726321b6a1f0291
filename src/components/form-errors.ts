import { HttpError } from '../lib/http.ts';

/**
 * Pure helpers of the one validation pattern (admin-area §5, organiser-console §5, §8).
 * A form's checks are a record of field name -> message or null, in the order the fields
 * appear, so the first failing key is the field to focus.
 */

/** Field name -> the shared validator's message (null when the field passes). Key order is screen order. */
export type FieldChecks = Record<string, string | null | undefined>;
/** Field name -> the one message shown under it. */
export type FieldErrors = Record<string, string>;

/** The failing fields of `checks`, in their order. */
export const collectErrors = (checks: FieldChecks): FieldErrors =>
  Object.fromEntries(Object.entries(checks).filter((e): e is [string, string] => typeof e[1] === 'string' && e[1] !== ''));

/** The first failing field's name, or null. */
export const firstError = (errors: FieldErrors): string | null => Object.keys(errors)[0] ?? null;

/** A 422 `validation_error`'s first message per field (the server's field order); {} for anything else. */
export function serverErrors(err: unknown): FieldErrors {
  if (!(err instanceof HttpError) || err.body?.status !== 'validation_error' || !err.body.errors) return {};
  return collectErrors(Object.fromEntries(Object.entries(err.body.errors).map(([k, m]) => [k, m?.[0] ?? null])));
}

/** The DOM id of a form's field and of its message: `${form}-${field}`, `${form}-${field}-error`. */
export const fieldId = (form: string, field: string) => `${form}-${field}`;
/** The DOM id of a field's message, `${form}-${field}-error` (its input's aria-describedby). */
export const errorId = (form: string, field: string) => `${fieldId(form, field)}-error`;
