import type { Sql } from '../../db/sql.ts';
import { queueWebhookEvent } from '../webhooks/emit.ts';
import { answerBooking } from '../../db/queries/bookings.ts';
import { getCompanySettings } from '../../db/queries/settings.ts';
import { enqueueMail } from '../../db/queries/outbox.ts';
import { bookingLanguage } from '../../db/queries/mail-recipients.ts';
import { isEmail } from '../../../src/common/email.ts';
import { bookingAcceptedMail, bookingRejectedMail } from './templates.ts';

/**
 * Answers a Requested booking of organiser `organiserId` (db/queries/bookings.ts answerBooking) and, in the same
 * transaction `tx`, queues the participant's e-mail: accepted, with its token;
 * rejected, with the decision. Signed with the company name and naming the organiser, in the
 * participant's language (db/queries/mail-recipients.ts bookingLanguage), with its Content-Language. A booking
 * without a usable e-mail address gets none. Resolves to false when the booking was no longer
 * Requested or is another organiser's (nothing changed, nothing queued). Queues the webhook event
 * booking.decided in the same transaction (lib/webhooks/emit.ts). The caller wakes the sender after its commit.
 */
export async function answerBookingAndMail(tx: Sql, id: number, organiserId: number, status: 1 | 2, token: string | null): Promise<boolean> {
  if (!(await answerBooking(tx, id, organiserId, status, token))) return false;
  const b = await tx.get<{ name: string; email: string; date: string; organiser: string | null }>(
    'SELECT b.name, b.email, b.date, c.name AS organiser FROM bookings b LEFT JOIN companies c ON c.id = b.company_id WHERE b.id = ?',
    [id],
  );
  await queueWebhookEvent(tx, 'booking.decided', organiserId, {
    id,
    status: status === 1 ? 'accepted' : 'rejected',
    date: b?.date ?? null,
    name: b?.name ?? null,
    email: b?.email ?? null,
  });
  if (!b || !isEmail(b.email)) return true;
  const company = (await getCompanySettings(tx)).name;
  const language = await bookingLanguage(tx, organiserId, b.email, b.date);
  const who = { name: b.name, date: b.date, organiser: b.organiser };
  const mail = status === 1 && token ? bookingAcceptedMail(company, { ...who, token }, language) : bookingRejectedMail(company, who, language);
  await enqueueMail(tx, { kind: 'booking', to: b.email.trim(), toName: b.name, subject: mail.subject, text: mail.text, html: mail.html, refId: id, language });
  return true;
}
