import { useCallback } from 'react';
import { useToast } from '../providers/toasts.tsx';
import type { ToastOffer } from '../providers/toast-reducer.ts';
import { saveFailureToasts } from '../lib/error-catalogue.ts';
import { whoops, firstFailure } from '../lib/validators.ts';

/**
 * The one place screens turn outcomes into toasts (STYLE.md §3):
 * - `invalid(...checks)`: runs shared validators; shows the first failure titled "Whoops..!!!" and returns true;
 * - `failed(err, fallback?)`: the error catalogue's toasts for a failed save;
 * - `done(message, offer?)`: a success toast, with a button when `offer` is given ("Show it").
 */
export function useFeedback() {
  const toast = useToast();
  const invalid = useCallback(
    (...checks: (string | null)[]) => {
      const msg = firstFailure(...checks);
      if (msg) toast.error(msg, whoops());
      return msg !== null;
    },
    [toast],
  );
  const failed = useCallback(
    (err: unknown, fallback?: string) => {
      for (const t of saveFailureToasts(err, fallback)) toast.show(t.kind, t.message, t.title);
    },
    [toast],
  );
  const done = useCallback(
    (message: string, offer?: ToastOffer) => {
      if (message) toast.success(message, undefined, offer);
    },
    [toast],
  );
  return { invalid, failed, done, toast };
}
