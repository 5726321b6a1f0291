import { build, dayIn, say, type Mail } from './templates.ts';

/** What a face-search receipt e-mail confirms: the participant's erasure request or their withdrawn consent. */
export type ReceiptAct = 'erasure' | 'withdrawal';

/**
 * The receipt of a participant's own face-search act on their gallery page (docs/participants.md
 * "Face search"), sent through the outbox to the participant's address: what they asked, the day
 * and the receipt's code (the gallery page's own sentence, `access.face.receipt`); signed like
 * every product e-mail (templates.ts). In `locale`, the participant's language, else the event's
 * (participantLocale; docs/languages.md "Participants"), English by default: the day `day`
 * (YYYY-MM-DD, UTC) as stored in English, the locale's long date in the others.
 */
export function receiptMail(company: string, act: ReceiptAct, p: { name: string; event: string; day: string; code: string }, locale = 'en'): Mail {
  const day = dayIn(locale, p.day);
  return build(company, say(locale, act === 'erasure' ? 'mail.receipt.erasureSubject' : 'mail.receipt.withdrawalSubject', { event: p.event }), [
    say(locale, 'mail.hello', { name: p.name }),
    say(locale, act === 'erasure' ? 'mail.receipt.erasure' : 'mail.receipt.withdrawal', { day }),
    say(locale, 'access.face.receipt', { code: p.code }),
  ]);
}
