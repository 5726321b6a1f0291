import type { ButtonHTMLAttributes, Ref } from 'react';
import clsx from 'clsx';

/** A button with the house variants and a loading state: while `busy` it is disabled and shows a spinner. */
export function Button({
  variant = 'primary',
  busy,
  className,
  children,
  type = 'button',
  disabled,
  ...rest
}: ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: 'primary' | 'secondary' | 'danger' | 'link' | 'success';
  busy?: boolean;
  ref?: Ref<HTMLButtonElement>;
}) {
  return (
    <button type={type} className={clsx('btn', `btn-${variant}`, className)} disabled={disabled || busy} aria-busy={busy || undefined} {...rest}>
      {busy && <span className="spinner" aria-hidden="true" />}
      {children}
    </button>
  );
}
