import { useCallback, useId, useMemo, useState } from 'react';
import { useToast } from '../providers/toasts.tsx';
import { whoops } from '../lib/validators.ts';
import { collectErrors, errorId, fieldId, firstError, serverErrors, type FieldChecks, type FieldErrors } from './form-errors.ts';

/** What `useFormErrors().field(name)` gives a `FormField`: ids, the message, and how to clear it. */
export interface FieldBinding {
  id: string;
  errorId: string;
  error?: string;
  onEdit: () => void;
}

/**
 * The one validation pattern of both consoles (admin-area §5, organiser-console §5, §8):
 * - `check(checks, announce?)`: shows each failing field's message under it, announces the first
 *   (or `announce`, e.g. the organiser form's generic validation words, admin-area §5) in a
 *   "Whoops..!!!" toast (the spec's shared-validator toast), focuses the first failing field, and
 *   returns true when something failed (the caller then makes no call);
 * - `fromServer(err)`: places a 422 `validation_error`'s first message per field under its field
 *   and focuses the first one that is on screen; returns true when one was placed (the error
 *   catalogue's toasts, one per field, admin-area §8, say them too);
 * - `field(name)`: the binding a `FormField` takes; editing a field clears its message;
 * - `reset()`: clears every message (a form opened afresh).
 */
export function useFormErrors() {
  const form = `f${useId().replace(/[^a-zA-Z0-9]/g, '')}`;
  const toast = useToast();
  const [errors, setErrors] = useState<FieldErrors>({});

  const focusFirst = useCallback(
    (found: FieldErrors) => {
      const name = Object.keys(found).find((n) => document.getElementById(fieldId(form, n)));
      if (name) document.getElementById(fieldId(form, name))!.focus();
    },
    [form],
  );

  const check = useCallback(
    (checks: FieldChecks, announce?: string) => {
      const found = collectErrors(checks);
      setErrors(found);
      const first = firstError(found);
      if (first === null) return false;
      toast.error(announce ?? found[first], whoops());
      focusFirst(found);
      return true;
    },
    [toast, focusFirst],
  );

  const fromServer = useCallback(
    (err: unknown) => {
      const found = serverErrors(err);
      if (firstError(found) === null) return false;
      setErrors(found);
      focusFirst(found);
      return true;
    },
    [focusFirst],
  );

  const clear = useCallback(
    (name: string) =>
      setErrors((e) => {
        if (!(name in e)) return e;
        const { [name]: _, ...rest } = e;
        return rest;
      }),
    [],
  );
  const reset = useCallback(() => setErrors({}), []);
  const field = useCallback(
    (name: string): FieldBinding => ({ id: fieldId(form, name), errorId: errorId(form, name), error: errors[name], onEdit: () => clear(name) }),
    [form, errors, clear],
  );

  return useMemo(() => ({ errors, check, fromServer, field, clear, reset }), [errors, check, fromServer, field, clear, reset]);
}

/** The value `useFormErrors` returns. */
export type FormErrors = ReturnType<typeof useFormErrors>;
