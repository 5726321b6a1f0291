/**
 * The BIB range rule (organiser-console §5 "BIB fields are optional"), one home for the campaign
 * form and the photo-recognition API's `bib_filter`: each bound, when given, is a whole number
 * (digits only, at most 18 of them so it stays an exact number everywhere), and when both are
 * given the end is not below the start. Empty bounds pass: BIB numbers are optional.
 */

/** At most this many digits per bound. */
export const BIB_MAX_DIGITS = 18;

export const BIB_START_WHOLE = 'The BIB start range must be a whole number.';
export const BIB_END_WHOLE = 'The BIB end range must be a whole number.';
export const BIB_END_BELOW_START = 'The BIB end range must not be below the start range.';

/** Problems of a BIB range by field, `{}` when it passes. */
export interface BibRangeProblems { bib_start_range?: string; bib_end_range?: string }

const whole = (v: string) => new RegExp(`^\\d{1,${BIB_MAX_DIGITS}}$`).test(v);

/**
 * Checks `start` and `end` as typed (trimmed first). `bibRangeProblems('10', '5')` ->
 * `{ bib_end_range: BIB_END_BELOW_START }`; `bibRangeProblems('abc', '')` -> `{ bib_start_range: BIB_START_WHOLE }`.
 */
export function bibRangeProblems(start: unknown, end: unknown): BibRangeProblems {
  const s = String(start ?? '').trim();
  const e = String(end ?? '').trim();
  const out: BibRangeProblems = {};
  if (s !== '' && !whole(s)) out.bib_start_range = BIB_START_WHOLE;
  if (e !== '' && !whole(e)) out.bib_end_range = BIB_END_WHOLE;
  if (!out.bib_start_range && !out.bib_end_range && s !== '' && e !== '' && BigInt(e) < BigInt(s)) out.bib_end_range = BIB_END_BELOW_START;
  return out;
}
