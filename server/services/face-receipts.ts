import { randomBytes } from 'node:crypto';
import type { Sql } from '../db/sql.ts';
import { enqueueMail } from '../db/queries/outbox.ts';
import { getCompanySettings } from '../db/queries/settings.ts';
import { receiptMail, type ReceiptAct } from '../lib/mail/receipt-mail.ts';
import { receiptCode } from '../../src/common/face-consent.ts';
import { participantLocale } from '../../src/common/i18n/locales.ts';

/**
 * The receipts of a participant's face-search acts (docs/participants.md "Face search"): each
 * carries a code from 60 random bits (src/common/face-consent.ts receiptCode), never a row number,
 * and is e-mailed through the outbox when the participant has an address.
 */

/** A new receipt code, "K7QM-4XPD-9TRE". */
export const newReceiptCode = () => receiptCode(randomBytes(8));

/**
 * Queues the receipt e-mail of `act` to participant `p` within `tx` (kind `gallery`, about their
 * gallery; `refId` the participant), in the participant's language (`p.language`), else the
 * event's (`event.language`), else English (participantLocale), sent with that Content-Language;
 * nothing when they have no address. Resolves to whether one was queued.
 */
export async function queueReceiptMail(
  tx: Sql,
  act: ReceiptAct,
  p: { id: number; name: string; email: string; language: string },
  event: { title: string; language: string },
  at: number,
  code: string,
): Promise<boolean> {
  if (!p.email) return false;
  const language = participantLocale(p.language, event.language);
  const day = new Date(at).toISOString().slice(0, 10);
  const mail = receiptMail((await getCompanySettings(tx)).name, act, { name: p.name, event: event.title, day, code }, language);
  await enqueueMail(tx, { kind: 'gallery', to: p.email, toName: p.name, subject: mail.subject, text: mail.text, html: mail.html, refId: p.id, language });
  return true;
}
