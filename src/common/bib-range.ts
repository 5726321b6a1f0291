/**
 * The BIB rules (organiser-console §5 "BIB fields are optional"), one home for the campaign form,
 * the campaign API and the photo-recognition API's `bib_filter`. Each value is
 * trimmed first; an empty one passes, as BIB numbers are optional:
 * - BIB Length, when given, is a whole number from 1 to BIB_LENGTH_MAX;
 * - each range bound, when given, is a whole number (digits only) of at most BIB_LENGTH_MAX digits,
 *   and of at most BIB Length digits when a valid length is given;
 * - when both bounds are given, the end is not below the start.
 */

/** The longest BIB number, in digits: BIB Length's upper bound and every bound's digit cap. */
export const BIB_LENGTH_MAX = 20;
/** At most this many digits per bound (= BIB_LENGTH_MAX). */
export const BIB_MAX_DIGITS = BIB_LENGTH_MAX;

export const BIB_START_WHOLE = 'The BIB start range must be a whole number.';
export const BIB_END_WHOLE = 'The BIB end range must be a whole number.';
export const BIB_END_BELOW_START = 'The BIB end range must not be below the start range.';
export const BIB_LENGTH_RANGE = `The BIB length must be a whole number from 1 to ${BIB_LENGTH_MAX}.`;
/** A bound longer than `digits` (the BIB Length, or BIB_MAX_DIGITS): "The BIB start range must have at most 4 digits." */
export const bibTooLong = (bound: 'start' | 'end', digits: number) => `The BIB ${bound} range must have at most ${digits} digits.`;

/** Problems of the BIB values by field, `{}` when they pass. */
export interface BibRangeProblems {
  bib_start_range?: string;
  bib_end_range?: string;
  bib_length?: string;
}

const digitsOnly = (v: string) => /^\d+$/.test(v);

/**
 * Checks `start`, `end` and `length` as typed (anything, turned to text and trimmed).
 * `bibRangeProblems('10', '5')` -> `{ bib_end_range: BIB_END_BELOW_START }`;
 * `bibRangeProblems('abc', '')` -> `{ bib_start_range: BIB_START_WHOLE }`;
 * `bibRangeProblems('1', '2', 'zz')` -> `{ bib_length: BIB_LENGTH_RANGE }`;
 * `bibRangeProblems('100', '12345', '4')` -> `{ bib_end_range: bibTooLong('end', 4) }`.
 * Linear in the input's length; callers bound the size first.
 */
export function bibRangeProblems(start: unknown, end: unknown, length: unknown = ''): BibRangeProblems {
  const s = String(start ?? '').trim();
  const e = String(end ?? '').trim();
  const l = String(length ?? '').trim();
  const out: BibRangeProblems = {};
  const n = digitsOnly(l) && l.length <= 2 ? Number(l) : NaN;
  if (l !== '' && !(n >= 1 && n <= BIB_LENGTH_MAX)) out.bib_length = BIB_LENGTH_RANGE;
  const cap = out.bib_length || l === '' ? BIB_MAX_DIGITS : n;
  const bound = (v: string, which: 'start' | 'end') =>
    v === '' ? undefined : !digitsOnly(v) ? (which === 'start' ? BIB_START_WHOLE : BIB_END_WHOLE) : v.length > cap ? bibTooLong(which, cap) : undefined;
  const sp = bound(s, 'start');
  const ep = bound(e, 'end');
  if (sp) out.bib_start_range = sp;
  if (ep) out.bib_end_range = ep;
  if (!sp && !ep && s !== '' && e !== '' && BigInt(e) < BigInt(s)) out.bib_end_range = BIB_END_BELOW_START;
  return out;
}
