import type { ButtonHTMLAttributes, Ref } from 'react';
import clsx from 'clsx';
import { TrashIcon } from './icons.tsx';

/** A button with the house variants and a loading state: while `busy` it is disabled and shows a spinner. */
export function Button({ variant = 'primary', busy, className, children, type = 'button', disabled, ...rest }:
  ButtonHTMLAttributes<HTMLButtonElement> & { variant?: 'primary' | 'secondary' | 'danger' | 'link' | 'success'; busy?: boolean; ref?: Ref<HTMLButtonElement> }) {
  return (
    <button type={type} className={clsx('btn', `btn-${variant}`, className)} disabled={disabled || busy} aria-busy={busy || undefined} {...rest}>
      {busy && <span className="spinner" aria-hidden="true" />}
      {children}
    </button>
  );
}

/** A row's Delete as a trash icon: accessible name "Delete <name>", tooltip "Delete"; `className` gives the screen's look. */
export function DeleteIconButton({ name, onClick, className }: { name: string; onClick: () => void; className: string }) {
  return <button type="button" className={className} onClick={onClick} aria-label={`Delete ${name}`} title="Delete"><TrashIcon size={18} /></button>;
}
