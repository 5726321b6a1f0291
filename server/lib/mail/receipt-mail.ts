import { senderName, type Mail } from './templates.ts';
import { receiptLine } from '../../../src/common/face-consent.ts';

const esc = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

/** What a face-search receipt e-mail confirms: the participant's erasure request or their withdrawn consent. */
export type ReceiptAct = 'erasure' | 'withdrawal';

const SUBJECTS: Record<ReceiptAct, (event: string) => string> = {
  erasure: (event) => `Your face data of ${event} is erased`,
  withdrawal: (event) => `Your face-search consent for ${event} is withdrawn`,
};
const LINES: Record<ReceiptAct, (day: string) => string> = {
  erasure: (day) => `On ${day} you asked for your face data to be erased. It is erased, and face search stays off for you at this event.`,
  withdrawal: (day) => `On ${day} you withdrew your consent to face search. Face search is off for you until you agree again on your gallery page.`,
};

/**
 * The receipt of a participant's own face-search act on their gallery page (docs/participants.md
 * "Face search"), sent through the outbox to the participant's address: what they asked, the day
 * (YYYY-MM-DD, UTC) and the receipt's code; signed like every product e-mail (templates.ts).
 */
export function receiptMail(company: string, act: ReceiptAct, p: { name: string; event: string; day: string; code: string }): Mail {
  const sign = senderName(company);
  const lines = [`Hello ${p.name},`, LINES[act](p.day), receiptLine(p.code)];
  return {
    subject: SUBJECTS[act](p.event),
    text: [...lines, '', `— ${sign}`].join('\n'),
    html: `<!doctype html><html><body style="font-family:sans-serif;line-height:1.5;color:#222">${lines.map((l) => `<p>${esc(l)}</p>`).join('')}<p>— ${esc(sign)}</p></body></html>`,
  };
}
