import type { ReactElement, ReactNode } from 'react';
import { FormField as SharedFormField } from '../../components/form-field.tsx';

/**
 * The shared FormField with the campaign form's own error state (organiser-console §5: errors
 * show once a field is touched, kept in campaign-form-state.ts): `id` is the control's id.
 */
export function FormField({
  id,
  label,
  error,
  hint,
  required,
  children,
}: {
  id: string;
  label: string;
  error?: string;
  hint?: ReactNode;
  required?: boolean;
  children: ReactElement<object>;
}) {
  return (
    <SharedFormField bind={{ id, errorId: `${id}-error`, error, onEdit: () => undefined }} label={label} required={required} hint={hint}>
      {children}
    </SharedFormField>
  );
}

/** Props that tie an input to its FormField's error. */
export const errorProps = (id: string, error?: string) =>
  ({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': error ? `${id}-error` : undefined }) as const;

/** The options of a select from [value, label] pairs. */
export const options = (pairs: readonly (readonly [string, string])[]) =>
  pairs.map(([v, l]) => (
    <option key={v} value={v}>
      {l}
    </option>
  ));
