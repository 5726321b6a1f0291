import { useEffect, useRef, type ReactNode } from 'react';
import { Button } from './button.tsx';
import type { EditLease } from './use-edit-lease.ts';

/**
 * What an edit form says about its record's lease (useEditLease, docs/live.md "Who is
 * editing"): "Being edited by Anna since 10:02" with View read-only and Take over; "Read-only: Anna
 * is editing this record." once the reader chose to view; "Bea took over editing at 10:05." when
 * this form lost its lease (its fields read-only, the typed text kept). Nothing while this form
 * holds the lease.
 */
export function LeaseBanner({ lease }: { lease: EditLease }) {
  const { view, texts } = lease;
  if (!texts) return null;
  if (view.kind === 'held')
    return (
      <div className="lease-banner" role="alert" data-testid="lease-banner">
        <p className="lease-banner-title">{texts.heldBy(view.holder)}</p>
        <p>{texts.choose()}</p>
        <div className="lease-banner-actions">
          <Button variant="secondary" onClick={lease.viewReadOnly}>
            {texts.viewReadOnly()}
          </Button>
          <Button onClick={() => void lease.takeOver()}>{texts.takeOver()}</Button>
        </div>
      </div>
    );
  if (view.kind === 'viewing')
    return (
      <div className="lease-banner" role="status" data-testid="lease-banner">
        <p className="lease-banner-title">{texts.readOnly(view.holder)}</p>
        <div className="lease-banner-actions">
          <Button variant="secondary" onClick={() => void lease.takeOver()}>
            {texts.takeOver()}
          </Button>
        </div>
      </div>
    );
  if (view.kind === 'taken')
    return (
      <div className="lease-banner lease-banner-taken" role="alert" data-testid="lease-banner">
        <p className="lease-banner-title">{texts.takenBy(view.by, view.at)}</p>
        <p>{texts.takenHelp()}</p>
      </div>
    );
  return null;
}

/** Inputs and textareas a lease made read-only, and other controls it disabled, carry this attribute (what was done to them). */
const LOCKED = 'data-lease-locked';

/**
 * A form's fields under an edit lease (useEditLease): while `readOnly`, every control inside is
 * read-only — inputs and textareas get `readOnly` (their text can still be selected and copied),
 * other controls `disabled` — and exactly that is undone once it is false. The wrapper is
 * `display: contents`, so the form's layout is unchanged; it checks after every render, so
 * controls drawn later are caught too.
 */
export function LeaseFields({ readOnly, children }: { readOnly: boolean; children: ReactNode }) {
  const root = useRef<HTMLDivElement>(null);
  useEffect(() => {
    for (const el of root.current?.querySelectorAll<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement | HTMLButtonElement>(
      'input, textarea, select, button',
    ) ?? []) {
      const text =
        el instanceof HTMLTextAreaElement || (el instanceof HTMLInputElement && !/^(checkbox|radio|file|button|submit|reset|color|range)$/.test(el.type));
      const locked = el.getAttribute(LOCKED);
      if (readOnly && !locked) {
        if (text && !(el as HTMLInputElement).readOnly) {
          (el as HTMLInputElement).readOnly = true;
          el.setAttribute(LOCKED, 'read-only');
        } else if (!text && !el.disabled) {
          el.disabled = true;
          el.setAttribute(LOCKED, 'disabled');
        }
      } else if (!readOnly && locked) {
        if (locked === 'read-only') (el as HTMLInputElement).readOnly = false;
        else el.disabled = false;
        el.removeAttribute(LOCKED);
      }
    }
  });
  return (
    <div ref={root} className={readOnly ? 'lease-fields lease-read-only' : 'lease-fields'}>
      {children}
    </div>
  );
}
