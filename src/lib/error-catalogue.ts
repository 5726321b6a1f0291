import { HttpError } from './http.ts';

/**
 * The error catalogue of admin-area §8 and organiser-console §8, written once. Screens call
 * `saveFailureToasts` with what a save threw and show the toasts it returns.
 */
export const GENERIC_ERROR = 'Something went wrong. Please try again or contact customer care for help.';
/** The spec leaves the generic validation toast's wording open; this is ours. */
export const GENERIC_VALIDATION = 'Please check the details you entered and try again.';
export const MULTIPLE_FILES = 'Cannot use multiple files';

export interface ToastSpec { kind: 'error' | 'success' | 'info'; message: string; title?: string }

/**
 * What to show when an add, update, delete or sign-out failed:
 * - status validation_error: one error toast per field, its first message;
 * - 403 Forbidden, 413, 429 and network failures: the server's (or transport's) message, so the user knows why;
 * - anything else: the generic validation toast (`fallback` overrides it, e.g. GENERIC_ERROR on sign-out).
 */
export function saveFailureToasts(err: unknown, fallback = GENERIC_VALIDATION): ToastSpec[] {
  if (!(err instanceof HttpError)) return [{ kind: 'error', message: fallback }];
  const body = err.body;
  if (body?.status === 'validation_error' && body.errors && Object.keys(body.errors).length) {
    return Object.values(body.errors).filter((m) => m.length).map((m) => ({ kind: 'error', message: m[0] }));
  }
  if ([0, 403, 409, 413, 429, 503].includes(err.status)) return [{ kind: 'error', message: err.message }];
  return [{ kind: 'error', message: fallback }];
}
