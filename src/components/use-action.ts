import { useCallback, useRef, useState } from 'react';
import { useFeedback } from './use-feedback.ts';
import type { ToastOffer } from '../providers/toast-reducer.ts';

/** How `run` reports one action. */
export interface ActionOptions<T> {
  /** Success toast: fixed words, words made from the result, or (when omitted) the envelope's `message`. */
  success?: string | ((result: T) => string);
  /** A button on the success toast ("Show it"), made from the result. */
  offer?: (result: T) => ToastOffer | undefined;
  /** What follows success (close a modal, reload a list); runs after the toast. */
  onSuccess?: (result: T) => void;
  /** Handles a failure itself first; return true to skip the error catalogue's toasts. */
  onError?: (err: unknown) => boolean | void;
  /** The catalogue's fallback words for an unexplained failure (genericValidation() when omitted). */
  fallback?: string;
}

/**
 * The one busy/try/toast block of the console (admin-area §8, organiser-console §8): `run(call)`
 * refuses to start while one runs, sets `busy` for the Button's loading state, shows the success
 * toast, and on failure the error catalogue's toasts (`useFeedback().failed`). Resolves to the
 * call's result, or undefined when it was refused or failed.
 */
export function useAction() {
  const [busy, setBusy] = useState(false);
  const running = useRef(false);
  const { failed, done } = useFeedback();
  const run = useCallback(
    async <T>(call: () => Promise<T>, opts: ActionOptions<T> = {}): Promise<T | undefined> => {
      if (running.current) return undefined;
      running.current = true;
      setBusy(true);
      try {
        const result = await call();
        const message = typeof opts.success === 'function' ? opts.success(result) : (opts.success ?? (result as { message?: string } | null)?.message);
        if (message) done(message, opts.offer?.(result));
        opts.onSuccess?.(result);
        return result;
      } catch (err) {
        if (!opts.onError?.(err)) failed(err, opts.fallback);
        return undefined;
      } finally {
        running.current = false;
        setBusy(false);
      }
    },
    [done, failed],
  );
  return { busy, run };
}
