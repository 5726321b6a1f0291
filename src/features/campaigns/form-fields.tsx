import type { ReactNode } from 'react';

/** A labelled control with its inline error (organiser-console §5), wired for screen readers. */
export function FormField({ id, label, error, hint, children }: { id: string; label: string; error?: string; hint?: ReactNode; children: ReactNode }) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {children}
      {hint}
      {error && <span id={`${id}-error`} className="field-error">{error}</span>}
    </div>
  );
}

/** Props that tie an input to its FormField's error. */
export const errorProps = (id: string, error?: string) =>
  ({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': error ? `${id}-error` : undefined } as const);

/** The options of a select from [value, label] pairs. */
export const options = (pairs: readonly (readonly [string, string])[]) => pairs.map(([v, l]) => <option key={v} value={v}>{l}</option>);
