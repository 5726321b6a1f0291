import { BIB_MAX_DIGITS } from './bib-range.ts';
import { EMAIL_MAX_LENGTH, isEmail } from './email.ts';

/**
 * A participant payment of a sales event (organiser-console §7 "Payment for participants: POST
 * /events/payment/participant", docs/campaigns.md): the organiser records that
 * the participant wearing `bib_number` paid for `payment_slab` (a slab id of GET payment-slabs),
 * with the participant's e-mail when known, and the amount paid when known (`amount`, in the
 * currency's units, at most two decimals: "12.50"; the insights' revenue, docs/insights.md). One rule for the console's form and the
 * photo-recognition API; values are the form's strings, trimmed.
 */
export interface ParticipantPayment {
  bib_number: string;
  email: string;
  payment_slab: string;
  amount?: string;
}

export const PAYMENT_BIB_REQUIRED = "Enter the participant's BIB number.";
export const PAYMENT_BIB_WHOLE = `The BIB number must be a whole number of at most ${BIB_MAX_DIGITS} digits.`;
export const PAYMENT_EMAIL = 'Enter a valid e-mail address, or leave it empty.';
export const PAYMENT_SLAB = 'Choose a payment slab.';
export const PAYMENT_AMOUNT = 'The amount must be a number.';
/** An amount paid: up to 7 digits, then at most 2 decimals. */
const AMOUNT = /^\d{1,7}(?:\.\d{1,2})?$/;

/** Amount text `value` ('' when none) in cents: '12.5' -> 1250; NaN when it is not an amount. */
export function amountCents(value: unknown): number {
  const s = String(value ?? '').trim();
  if (s === '') return 0;
  if (!AMOUNT.test(s)) return Number.NaN;
  const [whole, frac = ''] = s.split('.');
  return Number(whole) * 100 + Number(frac.padEnd(2, '0'));
}

/**
 * Problems of a participant payment by field, `{}` when it passes. `slabIds`, when given, are the
 * slabs offered; a slab outside them is refused. Bounded: each value is cut to its limit plus one
 * before any pattern runs.
 *
 * participantPaymentProblems({ bib_number: '12x', email: '', payment_slab: '' }) ->
 *   { bib_number: PAYMENT_BIB_WHOLE, payment_slab: PAYMENT_SLAB }
 */
export function participantPaymentProblems(
  p: Partial<Record<keyof ParticipantPayment, unknown>>,
  slabIds?: readonly string[],
): Partial<Record<keyof ParticipantPayment, string>> {
  const bib = String(p.bib_number ?? '')
    .slice(0, BIB_MAX_DIGITS + 2)
    .trim();
  const email = String(p.email ?? '')
    .slice(0, EMAIL_MAX_LENGTH + 1)
    .trim();
  const slab = String(p.payment_slab ?? '')
    .slice(0, 12)
    .trim();
  const out: Partial<Record<keyof ParticipantPayment, string>> = {};
  if (bib === '') out.bib_number = PAYMENT_BIB_REQUIRED;
  else if (!/^\d+$/.test(bib) || bib.length > BIB_MAX_DIGITS) out.bib_number = PAYMENT_BIB_WHOLE;
  if (email !== '' && (email.length > EMAIL_MAX_LENGTH || !isEmail(email))) out.email = PAYMENT_EMAIL;
  if (!/^[1-9]\d{0,8}$/.test(slab) || (slabIds && !slabIds.includes(slab))) out.payment_slab = PAYMENT_SLAB;
  if (Number.isNaN(amountCents(String(p.amount ?? '').slice(0, 12)))) out.amount = PAYMENT_AMOUNT;
  return out;
}
