/**
 * The campaign settings both the campaign form and the API check (organiser-console §3
 * "Campaign creation form fields", §5, §9), pure data with no DOM or Node import.
 * Values are the form's strings, as they travel form-encoded. The BIB range rule lives in
 * `bib-range.ts`, the subdomain rule and its limit in `campaign-links.ts`.
 */

/** Event types of the photo-recognition event (§3). */
export const EVENT_TYPES = ['RUNNING', 'MARATHON', 'SKATING'] as const;
/** Tolerance options (§5, §9): default 0, then 0.3 to 0.65 by 0.05, written as the select's values. */
export const TOLERANCES = ['0', ...Array.from({ length: 8 }, (_, i) => (0.3 + i * 0.05).toFixed(2).replace(/0$/, ''))];

/**
 * The sponsors of a campaign as a list (organiser-console §3 "sponsors (comma separated)"):
 * split on commas, each trimmed, empty entries dropped. Linear in the text's length.
 *
 * sponsorList('Acme Sports, Fizzy Drinks ,') -> ['Acme Sports', 'Fizzy Drinks']
 */
export const sponsorList = (text: unknown): string[] =>
  String(text ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
/** The sponsors as stored and shown: sponsorList joined with ", " ('' when none). */
export const sponsorsText = (text: unknown): string => sponsorList(text).join(', ');

/**
 * Longest sponsors text of the campaign form (§3 "sponsors (comma separated)"), characters. The
 * photo-recognition event's sponsors (the same names as a list) are bounded by it too: the
 * names together, separators left out, so a list made from a valid form always fits.
 */
export const SPONSORS_MAX_LENGTH = 1000;
