import '../../lib/messages/shell.ts';
import '../../lib/messages/admin.ts';
import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import { http } from '../../lib/http.ts';
import { personal } from '../../lib/storage.ts';
import type { MailHealth } from '../../common/contract/mail-health.ts';
import { t } from '../../lib/i18n.ts';

/** GET settings/email/health: real e-mails failed in the last day and waiting over 5 minutes, the newest one's id; rejects with HttpError. */
const getMailHealth = async () => (await http.get<MailHealth>('settings/email/health')).data;

/** The personal value (lib/storage.ts) holding the id of the newest e-mail counted when the notice was dismissed. */
const DISMISSED = 'mail-notice-dismissed';
const dismissedId = () => Number(personal.get(DISMISSED) ?? 0) || 0;

/**
 * The shell's e-mail notice for those who may open Settings: while real e-mails failed in the
 * last day (and no real e-mail went out since) or wait longer than 5 minutes, a line at the top
 * of every admin page says how many and leads to Settings → Email, where the outbox shows each
 * one. Read again on every move (`location`). Dismiss hides it until an e-mail newer than the
 * newest it counted is in trouble (kept for this user and session, lib/storage.ts `personal`).
 */
export function MailNotice({ location }: { location: string }) {
  const [health, setHealth] = useState<MailHealth | null>(null);
  const [dismissed, setDismissed] = useState(dismissedId);
  // biome-ignore lint/correctness/useExhaustiveDependencies: each move reads the outbox again
  useEffect(() => {
    let live = true;
    getMailHealth().then((h) => live && setHealth(h), console.error);
    return () => {
      live = false;
    };
  }, [location]);
  if (!health || (health.failed === 0 && health.stuck === 0) || (health.latest ?? 0) <= dismissed) return null;
  const dismiss = () => {
    const id = health.latest ?? 0;
    try {
      personal.set(DISMISSED, String(id));
    } catch {
      /* storage off: dismissed for this page only */
    }
    setDismissed(id);
  };
  const { failed, stuck } = health;
  const line =
    failed > 0 && stuck > 0
      ? t('admin.mailNotice.both', { failed, stuck })
      : failed > 0
        ? t('admin.mailNotice.failed', { failed })
        : t('admin.mailNotice.stuck', { stuck });
  return (
    <p className="list-notice mail-notice" role="status">
      {line} <Link href="~/admin/settings?tab=email">{t('admin.mailNotice.open')}</Link>{' '}
      <button type="button" className="btn btn-link" onClick={dismiss} aria-label={t('admin.mailNotice.dismissLabel')}>
        {t('list.dismiss')}
      </button>
    </p>
  );
}
