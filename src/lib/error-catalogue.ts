import { HttpError } from './http.ts';
import { t } from './i18n.ts';

/**
 * The error catalogue of admin-area §8 and organiser-console §8, written once. Screens call
 * `saveFailureToasts` with what a save threw and show the toasts it returns.
 */
export const genericError = () => t('feedback.generic');
/** The spec leaves the generic validation toast's wording open; this is ours. Both in the reader's language (core catalog `feedback.*`). */
export const genericValidation = () => t('feedback.checkDetails');

/** One toast to show: kind, words, optional title. */
export interface ToastSpec {
  kind: 'error' | 'success' | 'info';
  message: string;
  title?: string;
}

/** HTTP statuses whose message explains itself to the user (0 is "the server could not be reached"). */
export const SELF_EXPLAINING = [0, 403, 409, 413, 429, 503];

/** All messages of one field of a 422 `validation_error` (e.g. the rows a sheet import names); [] otherwise. */
export const fieldMessages = (err: unknown, field: string): string[] =>
  (err instanceof HttpError && err.body?.status === 'validation_error' ? err.body.errors?.[field] : undefined) ?? [];

/**
 * The one error-to-words policy of the console (admin-area §8, organiser-console §8): what a
 * failed call says to the user, as a list of messages —
 * - status validation_error: each field's first message, in the server's field order;
 * - a self-explaining status (SELF_EXPLAINING): the server's (or transport's) message;
 * - anything else, and anything that is not an HttpError: [] (the caller's fallback words).
 */
export function errorMessages(err: unknown): string[] {
  if (!(err instanceof HttpError)) return [];
  const body = err.body;
  if (body?.status === 'validation_error' && body.errors && Object.keys(body.errors).length) {
    return Object.values(body.errors)
      .filter((m) => m.length)
      .map((m) => m[0]);
  }
  return SELF_EXPLAINING.includes(err.status) ? [err.message] : [];
}

/**
 * What to show when an add, update, delete or sign-out failed: one error toast per message of
 * `errorMessages`, or the generic validation toast (`fallback` overrides it, e.g. genericError() on sign-out).
 * A `validation_error` is one error toast per failing field with its first message (admin-area §8),
 * also when the form shows the messages under its fields.
 */
export function saveFailureToasts(err: unknown, fallback = genericValidation()): ToastSpec[] {
  const words = errorMessages(err);
  return (words.length ? words : [fallback]).map((message) => ({ kind: 'error', message }));
}
