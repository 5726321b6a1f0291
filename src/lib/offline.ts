import { HttpError } from './http.ts';
import { t } from './i18n.ts';

/** What a failed load says when the browser is offline or the server could not be reached, in the reader's language. */
export const offlineMessage = () => t('http.offline');

/**
 * True when a failure means "no connection": the browser reports itself offline
 * (`navigator.onLine === false`) or the call never reached the server (HttpError status 0).
 */
export const isOffline = (err: unknown): boolean =>
  (typeof navigator !== 'undefined' && navigator.onLine === false) || (err instanceof HttpError && err.status === 0);
