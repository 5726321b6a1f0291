import { atMost, choiceChecks, firstProblem, isDate, isEmailOrBlank, isRequired, type Check } from './contract/checks.ts';
import { EMAIL_MAX_LENGTH } from './email.ts';
import { LOCALES } from './i18n/locales.ts';

/**
 * The participants sheet (docs/participants.md "The participants sheet"): its columns and the
 * rule of one row, one home for the console's preview, the API's import and the contract's
 * ParticipantInput (POST event/{id}/participant, built from PARTICIPANT_CHECKS). The checks are
 * plain functions, so the preview carries no zod; `face_consent` is read case-insensitively with
 * a blank cell meaning no. `language` (docs/languages.md "E-mails") is the language of
 * the participant's gallery e-mail and page: a shipped locale (`fr`, any case) or blank for the
 * event's default; a sheet may leave the column out.
 */

/** The sheet's columns, in the template's order (static/templates/participants-template.csv; its example row: sheet-examples.ts). */
export const PARTICIPANT_COLUMNS = ['bib_number', 'name', 'email', 'face_consent', 'consent_date', 'language'] as const;
type Column = (typeof PARTICIPANT_COLUMNS)[number];
export type ParticipantCells = Record<Column, string>;
/** The columns a sheet may leave out (their cells then read blank): sheets made before the column existed still import. */
export const PARTICIPANT_OPTIONAL_COLUMNS: readonly Column[] = ['language'];
/** The columns a sheet must have (a missing one refuses the sheet, naming it). */
export const PARTICIPANT_REQUIRED_COLUMNS = PARTICIPANT_COLUMNS.filter((c) => !PARTICIPANT_OPTIONAL_COLUMNS.includes(c));

/** "The selected x is invalid." unless blank or a shipped locale (any case): a participant's or an event's language. */
export const isLanguageOrBlank: Check = (s) => {
  const v = s.trim().toLowerCase();
  return v === '' || (LOCALES as readonly string[]).includes(v) ? null : 'The selected :attribute is invalid.';
};

/** What face_consent may be. */
export const FACE_CONSENT = ['yes', 'no'] as const;
/** Each column's checks in order (a row's and the Add participant body's): the first that fails is the column's problem. */
export const PARTICIPANT_CHECKS: Record<Column, Check[]> = {
  bib_number: [isRequired, atMost(50)],
  name: [isRequired, atMost(255)],
  email: [atMost(EMAIL_MAX_LENGTH), isEmailOrBlank],
  face_consent: choiceChecks(...FACE_CONSENT),
  consent_date: [isDate],
  language: [atMost(10), isLanguageOrBlank],
};

/** A row's values as the import stores them (trimmed; face_consent yes | no; language a locale in lower case or ''). */
export const participantRow = (v: ParticipantCells) => ({
  bib_number: v.bib_number.trim(),
  name: v.name.trim(),
  email: v.email.trim(),
  face_consent: (v.face_consent.trim().toLowerCase() || 'no') as string,
  consent_date: v.consent_date.trim(),
  language: (v.language ?? '').trim().toLowerCase(),
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
