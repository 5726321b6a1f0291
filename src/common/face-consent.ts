/**
 * The sentences of a participant's face-search consent on their gallery page and in the receipts
 * e-mailed to them (docs/participants.md "Face search"), worded once for the page and the server.
 * Days are YYYY-MM-DD.
 */

/** Who recorded a consent: `sheet` the organiser (their participants sheet or form), `gallery` the participant's own "I agree". */
export type ConsentSource = 'sheet' | 'gallery';

/** When and through whom the consent in force was given, with its version when the organiser set one. */
export const consentGivenLine = (source: ConsentSource, day: string, version: string) =>
  `${source === 'sheet' ? `The organiser recorded your agreement on ${day} (their participants list).` : `You agreed on this page on ${day}.`}${version ? ` Consent version ${version}.` : ''}`;

/** The purge day of the event's face data. */
export const purgeLine = (day: string) => `All face data of this event is deleted on ${day} at the latest.`;

/** After the participant withdrew their consent: face search is refused until they agree again. */
export const consentWithdrawnLine = (day: string) => `You withdrew your consent on ${day}. Face search is off for you.`;

/** The answer when there is no consent in force to withdraw. */
export const NO_CONSENT_TO_WITHDRAW = 'You have no consent in force to withdraw.';

/** A receipt's code as the page and the e-mail say it. */
export const receiptLine = (code: string) => `Your receipt: ${code}. Keep it: it proves what you asked and when.`;

/** The question before "Erase my face data". */
export const ERASE_QUESTION = 'Erase your face data? Face search then stays off for you at this event, for good.';

/**
 * A receipt code: 12 characters of Crockford base32 (no I, L, O, U) in three groups of four,
 * "K7QM-4XPD-9TRE", from 60 random bits (`bytes`, at least 8): unguessable, unlike a row number.
 */
export function receiptCode(bytes: Uint8Array): string {
  const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
  let bits = 0n;
  for (const b of bytes.slice(0, 8)) bits = (bits << 8n) | BigInt(b);
  let s = '';
  for (let i = 0; i < 12; i++) {
    s += ALPHABET[Number(bits & 31n)];
    bits >>= 5n;
  }
  return `${s.slice(0, 4)}-${s.slice(4, 8)}-${s.slice(8)}`;
}
