import '../../lib/messages/admin.ts';
import type { RecentMail } from './api.ts';
import { formatDateTime, t } from '../../lib/i18n.ts';
import type { MessageKey } from '../../common/i18n/catalogs/en.ts';
import { useSharedTexts } from '../../components/use-shared-texts.ts';

/** The message key of each outbox status. */
const STATUS: Record<string, MessageKey> = {
  waiting: 'admin.outbox.statusWaiting',
  sent: 'admin.outbox.statusSent',
  failed: 'admin.outbox.statusFailed',
  skipped: 'admin.outbox.statusSkipped',
};

/**
 * The Email tab's outbox: how many e-mails wait (and why, when the saved settings
 * cannot send yet) and Recent e-mails — to, subject, status, attempts, last error; never a body.
 * The last error is the server's own sentence (lib/mail/smtp.ts smtpFailure, sender.ts), said in the
 * reader's language by its code (lib/shared-texts.ts).
 */
export function OutboxPanel({ outbox }: { outbox: { waiting: number; smtp_ready: boolean; recent: RecentMail[] } | null }) {
  const sayShared = useSharedTexts();
  if (!outbox) return null;
  const { waiting, smtp_ready: ready, recent } = outbox;
  return (
    <section className="outbox" aria-labelledby="recent-mails">
      <p className="outbox-waiting" role="status">
        {t('admin.outbox.waiting', { count: waiting })}
        {!ready && ` ${t('admin.outbox.notReady')}`}
      </p>
      <h3 id="recent-mails">{t('admin.outbox.recent')}</h3>
      <table className="table">
        <thead>
          <tr>
            <th>{t('admin.outbox.to')}</th>
            <th>{t('admin.outbox.subject')}</th>
            <th>{t('admin.outbox.status')}</th>
            <th>{t('admin.outbox.attempts')}</th>
            <th>{t('admin.outbox.lastError')}</th>
            <th>{t('admin.outbox.when')}</th>
          </tr>
        </thead>
        <tbody>
          {recent.length === 0 && (
            <tr>
              <td colSpan={6} className="muted">
                {t('admin.outbox.empty')}
              </td>
            </tr>
          )}
          {recent.map((m) => (
            <tr key={m.id}>
              <td>{m.to_address}</td>
              <td>{m.subject}</td>
              <td>{STATUS[m.status] ? t(STATUS[m.status]) : m.status}</td>
              <td>{m.attempts}</td>
              <td>{sayShared(m.last_error)}</td>
              <td>{formatDateTime(m.sent_at ?? m.created_at)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
