import { cloneElement, isValidElement, type ReactElement, type ReactNode } from 'react';
import type { FieldBinding } from './use-form-errors.ts';

type ControlProps = {
  id?: string; 'aria-invalid'?: boolean; 'aria-describedby'?: string; 'aria-required'?: boolean;
  onChange?: (e: never) => void;
};

/**
 * A labelled control with its message under it (admin-area §5, organiser-console §5): `bind` comes
 * from `useFormErrors().field(name)`; the one child control gets the id, `aria-invalid`,
 * `aria-describedby` (the message, then any `hint` with `hintId`) and `aria-required`; `required`
 * also shows a visible mark after the label. Editing the control clears its message.
 */
export function FormField({ bind, label, required, hint, hintId, className, children }: {
  bind: FieldBinding; className?: string; label: ReactNode; required?: boolean; hint?: ReactNode; hintId?: string; children: ReactElement<ControlProps>;
}) {
  const { id, error, errorId, onEdit } = bind;
  const describedBy = [error ? errorId : null, hintId ?? null].filter(Boolean).join(' ') || undefined;
  const control = isValidElement(children) ? cloneElement(children, {
    id,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy,
    'aria-required': required || undefined,
    onChange: (e: never) => { onEdit(); children.props.onChange?.(e); },
  }) : children;
  return (
    <div className={className ? `field ${className}` : 'field'}>
      {/* The mark sits beside the label, not in it, so the control's name stays the label's words. */}
      <div className="field-label"><label htmlFor={id}>{label}</label>{required && <span className="required-mark" aria-hidden="true">*</span>}</div>
      {control}
      {hint}
      {error && <small id={errorId} className="field-error">{error}</small>}
    </div>
  );
}
