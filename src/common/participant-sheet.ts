import { atMost, choiceChecks, firstProblem, isDate, isEmailOrBlank, isRequired, type Check } from './contract/checks.ts';
import { EMAIL_MAX_LENGTH } from './email.ts';

/**
 * The participants sheet (docs/participants.md "The participants sheet"): its columns and the
 * rule of one row, one home for the console's preview, the API's import and the contract's
 * ParticipantInput (POST event/{id}/participant, built from PARTICIPANT_CHECKS). The checks are
 * plain functions, so the preview carries no zod; `face_consent` is read case-insensitively with
 * a blank cell meaning no.
 */

/** The sheet's columns, in the template's order (static/templates/participants-template.csv; its example row: sheet-examples.ts). */
export const PARTICIPANT_COLUMNS = ['bib_number', 'name', 'email', 'face_consent', 'consent_date'] as const;
type Column = (typeof PARTICIPANT_COLUMNS)[number];
export type ParticipantCells = Record<Column, string>;

/** What face_consent may be. */
export const FACE_CONSENT = ['yes', 'no'] as const;
/** Each column's checks in order (a row's and the Add participant body's): the first that fails is the column's problem. */
export const PARTICIPANT_CHECKS: Record<Column, Check[]> = {
  bib_number: [isRequired, atMost(50)],
  name: [isRequired, atMost(255)],
  email: [atMost(EMAIL_MAX_LENGTH), isEmailOrBlank],
  face_consent: choiceChecks(...FACE_CONSENT),
  consent_date: [isDate],
};

/** A row's values as the import stores them (trimmed; face_consent yes | no). */
export const participantRow = (v: ParticipantCells) => ({
  bib_number: v.bib_number.trim(),
  name: v.name.trim(),
  email: v.email.trim(),
  face_consent: (v.face_consent.trim().toLowerCase() || 'no') as string,
  consent_date: v.consent_date.trim(),
});

/**
 * The first problem of a row, in the form's words with the column named ("The bib number field is
 * required."), or null when it passes.
 *
 * participantRowProblem({ bib_number: '', name: 'A', email: '', face_consent: 'yes', consent_date: '' })
 *   -> 'The bib number field is required.'
 */
export function participantRowProblem(v: ParticipantCells): string | null {
  const row = participantRow(v);
  for (const column of PARTICIPANT_COLUMNS) {
    const problem = firstProblem(PARTICIPANT_CHECKS[column], row[column]);
    if (problem) return problem.replaceAll(':attribute', column.replaceAll('_', ' '));
  }
  return null;
}

/** A BIB already on the event, or given twice in the sheet. */
export const bibTakenMessage = (bib: string) => `BIB ${bib} is already a participant of this event.`;
export const bibRepeatedMessage = (bib: string, row: number) => `BIB ${bib} is repeated in this sheet (first on row ${row}).`;
