import { HttpError } from './http.ts';

/** What a failed load says when the browser is offline or the server could not be reached. */
export const OFFLINE_MESSAGE = 'You are offline. Check your connection, then try again.';

/**
 * True when a failure means "no connection": the browser reports itself offline
 * (`navigator.onLine === false`) or the call never reached the server (HttpError status 0).
 */
export const isOffline = (err: unknown): boolean =>
  (typeof navigator !== 'undefined' && navigator.onLine === false) || (err instanceof HttpError && err.status === 0);
