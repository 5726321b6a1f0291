import { useState } from 'react';
import { Button } from '../../components/button.tsx';
import { Modal } from '../../components/modal.tsx';
import type { Funnel, NotifyPreview } from '../../common/contract/participants.ts';

/** "N matched participant(s)". */
const matchedCount = (n: number) => `${n} matched participant${n === 1 ? '' : 's'}`;

/** Why "Notify N matched participants" is disabled, or '' when it is not. */
export function notifyDisabledReason(f: Funnel | null | undefined, p: NotifyPreview | null | undefined): string {
  if (!f || !p || p.count > 0) return '';
  if (f.matched === 0) return 'No participant has a photo with their BIB yet.';
  if (p.without_email > 0) return `Nobody left to notify: ${matchedCount(p.without_email)} ${p.without_email === 1 ? 'has' : 'have'} no e-mail address.`;
  return 'Everyone matched was already notified.';
}

/**
 * "Notify N matched participants" (docs/participants.md "The e-mail"): asks first in a dialog with
 * the e-mail's subject, how many are queued and a preview of the e-mail; the button is disabled,
 * with the reason beside it, when nobody can be notified. `onNotify` queues them (the caller's action).
 */
export function NotifyParticipants({
  funnel,
  preview,
  busy,
  onNotify,
}: {
  funnel?: Funnel | null;
  preview?: NotifyPreview | null;
  busy: boolean;
  onNotify: (close: () => void) => void;
}) {
  const [asking, setAsking] = useState(false);
  const n = preview?.count ?? 0;
  const reason = notifyDisabledReason(funnel, preview);
  return (
    <span className="notify-participants">
      <Button busy={busy} disabled={!preview || n === 0} onClick={() => setAsking(true)} aria-describedby={reason ? 'notify-reason' : undefined}>
        {preview ? `Notify ${matchedCount(n)}` : 'Notify matched participants'}
      </Button>
      {reason && (
        <span id="notify-reason" className="muted notify-reason">
          {reason}
        </span>
      )}
      {asking && preview && (
        <Modal
          title={`Notify ${matchedCount(n)}?`}
          onClose={() => setAsking(false)}
          size="sm"
          footer={
            <>
              <Button variant="secondary" onClick={() => setAsking(false)}>
                Close
              </Button>
              <Button busy={busy} onClick={() => onNotify(() => setAsking(false))} autoFocus>{`Queue ${n} e-mail${n === 1 ? '' : 's'}`}</Button>
            </>
          }
        >
          <p>{`Each of the ${matchedCount(n)} with an e-mail address gets their personal gallery link, once.`}</p>
          <p>
            Subject: <strong>{preview.subject}</strong>
          </p>
          {preview.without_email > 0 && (
            <p className="muted">{`${matchedCount(preview.without_email)} without an e-mail address ${preview.without_email === 1 ? 'is' : 'are'} not told.`}</p>
          )}
          <details className="notify-preview">
            <summary>Preview the e-mail</summary>
            <pre>{preview.text}</pre>
          </details>
        </Modal>
      )}
    </span>
  );
}
