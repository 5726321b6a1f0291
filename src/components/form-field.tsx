import { cloneElement, isValidElement, type ReactElement, type ReactNode } from 'react';
import type { FieldBinding } from './use-form-errors.ts';

type ControlProps = {
  id?: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
  'aria-required'?: boolean;
  onChange?: (e: never) => void;
};

/**
 * A labelled control with its message under it (admin-area §5, organiser-console §5): `bind` comes
 * from `useFormErrors().field(name)`; the one child control gets the id, `aria-invalid`,
 * `aria-describedby` (the message, then any `hint` with `hintId`) and `aria-required`; `required`
 * also shows a visible mark after the label. Editing the control clears its message.
 */
export function FormField({
  bind,
  label,
  required,
  hint,
  hintId,
  className,
  children,
}: {
  bind: FieldBinding;
  className?: string;
  label: ReactNode;
  required?: boolean;
  hint?: ReactNode;
  hintId?: string;
  children: ReactElement<ControlProps>;
}) {
  const { id, error, errorId, onEdit } = bind;
  const describedBy = [error ? errorId : null, hintId ?? null].filter(Boolean).join(' ') || undefined;
  const control = isValidElement(children)
    ? cloneElement(children, {
        id,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': describedBy,
        'aria-required': required || undefined,
        onChange: (e: never) => {
          onEdit();
          children.props.onChange?.(e);
        },
      })
    : children;
  return (
    <div className={className ? `field ${className}` : 'field'}>
      {/* The mark sits beside the label, not in it, so the control's name stays the label's words. */}
      <div className="field-label">
        <label htmlFor={id}>{label}</label>
        {required && (
          <span className="required-mark" aria-hidden="true">
            *
          </span>
        )}
      </div>
      {control}
      {hint}
      {error && (
        <small id={errorId} className="field-error">
          {error}
        </small>
      )}
    </div>
  );
}

/**
 * One text input in a FormField, for the forms made only of text (sign-in, set password, forgot
 * password): `name` the form field, `type` text/email/password, `autoComplete` the browser's
 * hint, `onValue` gets the new text. Required by default (the visible mark and aria-required).
 */
export function TextField({
  bind,
  label,
  name,
  value,
  onValue,
  type = 'text',
  autoComplete,
  autoFocus,
  required = true,
}: {
  bind: FieldBinding;
  label: ReactNode;
  name: string;
  value: string;
  onValue: (value: string) => void;
  type?: 'text' | 'email' | 'password';
  autoComplete?: string;
  autoFocus?: boolean;
  required?: boolean;
}) {
  return (
    <FormField bind={bind} label={label} required={required}>
      <input type={type} name={name} autoComplete={autoComplete} value={value} onChange={(e) => onValue(e.target.value)} autoFocus={autoFocus} />
    </FormField>
  );
}
