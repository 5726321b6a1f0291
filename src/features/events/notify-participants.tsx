import '../../lib/messages/shell.ts';
import '../../lib/messages/organiser.ts';
import { useState } from 'react';
import { Button } from '../../components/button.tsx';
import { Modal } from '../../components/modal.tsx';
import type { Funnel, NotifyPreview } from '../../common/contract/participants.ts';
import { t, tParts } from '../../lib/i18n.ts';

/** Why "Notify N matched participants" is disabled, or '' when it is not. */
export function notifyDisabledReason(f: Funnel | null | undefined, p: NotifyPreview | null | undefined): string {
  if (!f || !p || p.count > 0) return '';
  if (f.matched === 0) return t('organiser.notify.noPhoto');
  if (p.without_email > 0) return t('organiser.notify.noEmail', { count: p.without_email });
  return t('organiser.notify.allDone');
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
        {preview ? t('organiser.notify.button', { count: n }) : t('organiser.notify.buttonLoading')}
      </Button>
      {reason && (
        <span id="notify-reason" className="muted notify-reason">
          {reason}
        </span>
      )}
      {asking && preview && (
        <Modal
          title={t('organiser.notify.title', { count: n })}
          onClose={() => setAsking(false)}
          size="sm"
          footer={
            <>
              <Button variant="secondary" onClick={() => setAsking(false)}>
                {t('action.close')}
              </Button>
              <Button busy={busy} onClick={() => onNotify(() => setAsking(false))} autoFocus>
                {t('organiser.notify.queue', { count: n })}
              </Button>
            </>
          }
        >
          <p>{t('organiser.notify.each', { count: n })}</p>
          <p>{tParts('organiser.notify.subject', { subject: <strong key="s">{preview.subject}</strong> })}</p>
          {preview.without_email > 0 && <p className="muted">{t('organiser.notify.without', { count: preview.without_email })}</p>}
          <details className="notify-preview">
            <summary>{t('organiser.notify.preview')}</summary>
            <pre>{preview.text}</pre>
          </details>
        </Modal>
      )}
    </span>
  );
}
