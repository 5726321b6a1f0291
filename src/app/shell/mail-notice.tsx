import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import { http } from '../../lib/http.ts';
import type { MailHealth } from '../../common/contract/mail-health.ts';

/** GET settings/email/health: failed e-mails of the last day and e-mails waiting over 5 minutes; rejects with HttpError. */
const getMailHealth = async () => (await http.get<MailHealth>('settings/email/health')).data;

/**
 * The shell's e-mail notice for those who may open Settings: while e-mails failed in the last day
 * or wait longer than 5 minutes, a line at the top of every admin page says how many and leads
 * to Settings → Email, where the outbox shows each one. Read again on every move (`location`).
 */
export function MailNotice({ location }: { location: string }) {
  const [health, setHealth] = useState<MailHealth | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: each move reads the outbox again
  useEffect(() => {
    let live = true;
    getMailHealth().then((h) => live && setHealth(h), console.error);
    return () => { live = false; };
  }, [location]);
  if (!health || (health.failed === 0 && health.stuck === 0)) return null;
  const parts = [
    health.failed > 0 && `${health.failed} failed`,
    health.stuck > 0 && `${health.stuck} waiting for more than 5 minutes`,
  ].filter(Boolean);
  return (
    <p className="list-notice mail-notice" role="status">
      E-mails are not going out: {parts.join(', ')}. <Link href="~/admin/settings?tab=email">Open Settings → Email</Link>
    </p>
  );
}
