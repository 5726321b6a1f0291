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
