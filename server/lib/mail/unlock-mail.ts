import type { Sql } from '../../db/sql.ts';
import type { OutboxRow } from '../../db/queries/outbox.ts';
import { recipientById } from '../../db/queries/mail-recipients.ts';
import { codesLocked } from '../../db/queries/two-step.ts';
import { issueLinkToken, linkUrl } from '../auth/account-links.ts';
import { codesLockedMail } from './templates.ts';
import type { Message } from './smtp.ts';
import { CODE_LOCK_AFTER, UNLOCK_LINK_MS } from '../../../src/common/two-step.ts';

/**
 * The e-mail of a claimed `unlock` outbox row (docs/security.md "Second step locked"): the user's
 * sign-in codes locked after CODE_LOCK_AFTER wrong ones, with a fresh unlock link made now, as a
 * reset's is (lib/mail/sender.ts), so no link is ever stored in clear. Skipped, with its reason,
 * when the user is gone or the codes were unlocked meanwhile (an administrator did). In the user's
 * language (docs/languages.md "E-mails"), with its Content-Language.
 */
export async function unlockMessage(sql: Sql, row: OutboxRow, company: string, publicUrl: string): Promise<Message | { skip: string }> {
  const who = await recipientById(sql, Number(row.ref_id));
  if (!who) return { skip: 'The user was deleted; nothing was sent.' };
  if (!(await codesLocked(sql, who.id))) return { skip: 'The sign-in codes were unlocked already; nothing was sent.' };
  const token = await sql.transaction((tx) => issueLinkToken(tx, who.id, 'unlock'));
  const language = who.language ?? 'en';
  const mail = codesLockedMail(company, who.name, CODE_LOCK_AFTER, UNLOCK_LINK_MS / 86_400_000, linkUrl(publicUrl, 'unlock', token), language);
  return { to: who.email, toName: who.name, language, ...mail };
}
