import { ParticipantInput } from './contract/participants.ts';

/**
 * The participants sheet (docs/participants.md "The participants sheet"): its columns and the
 * rule of one row, one home for the console's preview and the API's import. A row is checked
 * by the contract's ParticipantInput (the form's rules), `face_consent` read case-insensitively
 * with a blank cell meaning no.
 */

/** The sheet's columns, in the template's order (static/templates/participants-template.csv; its example row: sheet-examples.ts). */
export const PARTICIPANT_COLUMNS = ['bib_number', 'name', 'email', 'face_consent', 'consent_date'] as const;
export type ParticipantCells = Record<(typeof PARTICIPANT_COLUMNS)[number], string>;

/** A row's values as the import stores them (trimmed; face_consent yes | no). */
export const participantRow = (v: ParticipantCells) => ({
  bib_number: v.bib_number.trim(), name: v.name.trim(), email: v.email.trim(),
  face_consent: (v.face_consent.trim().toLowerCase() || 'no') as string, consent_date: v.consent_date.trim(),
});

/**
 * The first problem of a row, in the form's words with the column named ("The bib number field is
 * required."), or null when it passes.
 *
 * participantRowProblem({ bib_number: '', name: 'A', email: '', face_consent: 'yes', consent_date: '' })
 *   -> 'The bib number field is required.'
 */
export function participantRowProblem(v: ParticipantCells): string | null {
  const r = ParticipantInput.safeParse(participantRow(v));
  if (r.success) return null;
  const issue = r.error.issues[0];
  const field = String(issue.path[0] ?? '').replaceAll('_', ' ');
  return issue.message.replaceAll(':attribute', field);
}

/** A BIB already on the event, or given twice in the sheet. */
export const bibTakenMessage = (bib: string) => `BIB ${bib} is already a participant of this event.`;
export const bibRepeatedMessage = (bib: string, row: number) => `BIB ${bib} is repeated in this sheet (first on row ${row}).`;
