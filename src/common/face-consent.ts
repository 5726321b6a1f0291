/**
 * A participant's face-search consent (docs/participants.md "Face search"): who recorded it, the
 * refusal when none is in force, and the receipts' codes. The sentences the gallery page and the
 * receipt e-mails say are the catalogs' (`access.face.*` of the gallery area, `mail.receipt.*`),
 * in the participant's language.
 */

/** Who recorded a consent: `sheet` the organiser (their participants sheet or form), `gallery` the participant's own "I agree". */
export type ConsentSource = 'sheet' | 'gallery';

/** The answer when there is no consent in force to withdraw. */
export const NO_CONSENT_TO_WITHDRAW = 'You have no consent in force to withdraw.';

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
