import { PHOTO_COLUMNS, USER_IMPORT_COLUMNS } from './sheet-rules.ts';
import { PARTICIPANT_COLUMNS } from './participant-sheet.ts';

/**
 * The example row each downloadable sheet template carries under its header (static/templates/,
 * DESIGN.md §4), and the one rule every import applies to it: a data row equal to an example is
 * skipped, by the console's previews and by the API's spreadsheet reader alike, so a user who
 * fills in the template under the example imports only their own rows. Pure: no DOM, no Node.
 *
 * Equal means: every column of the example is in the sheet's header and its cell, trimmed, is
 * the example's value, letter case aside (a spreadsheet program may capitalise a cell); other
 * columns are not looked at. A row that differs in any one cell is an ordinary row.
 */

type Row<C extends readonly string[]> = Readonly<Record<C[number], string>>;

/** The users template's example (admin-area §7 user/import columns). */
export const USER_EXAMPLE: Row<typeof USER_IMPORT_COLUMNS> = {
  name: 'Example Person',
  email: 'example.person@example.com',
  password: 'Example-Pass-1',
  role: 'support',
};
/** The event photos template's example (organiser-console §5 uploadExcel columns). */
export const PHOTO_EXAMPLE: Row<typeof PHOTO_COLUMNS> = {
  bid_number: '101',
  low_res_image: 'https://example.com/photos/101-small.jpg',
  high_res_image: 'https://example.com/photos/101-large.jpg',
  orientation: 'portrait',
};
/** The participants template's example (docs/participants.md "The participants sheet"). */
export const PARTICIPANT_EXAMPLE: Row<typeof PARTICIPANT_COLUMNS> = {
  bib_number: '101',
  name: 'Example Person',
  email: 'example.person@example.com',
  face_consent: 'yes',
  consent_date: '2026-05-01',
  language: 'en',
};

/** Each template file under static/templates/: its columns in order and its example row. */
export const SHEET_TEMPLATES = {
  'users-template.csv': { columns: USER_IMPORT_COLUMNS, example: USER_EXAMPLE },
  'event-photos-template.csv': { columns: PHOTO_COLUMNS, example: PHOTO_EXAMPLE },
  'participants-template.csv': { columns: PARTICIPANT_COLUMNS, example: PARTICIPANT_EXAMPLE },
} as const;

/** Each example as [column, value in lower case] pairs. */
const EXAMPLES: readonly (readonly [string, string])[][] = Object.values(SHEET_TEMPLATES).map((t) =>
  Object.entries(t.example).map(([c, v]) => [c, v.toLowerCase()] as const),
);

/** A template's text: the header line, then the example row, in `columns` order (no value needs quoting). */
export const templateCsv = ({ columns, example }: { columns: readonly string[]; example: Readonly<Record<string, string>> }): string =>
  `${columns.join(',')}\n${columns.map((c) => example[c]).join(',')}\n`;

/**
 * The test for a sheet whose header is `header` (trimmed, lower-case, as the readers keep it):
 * true for a data row that is a template's example row (see the module comment). The columns are
 * looked up once, so a 50,000-row sheet costs a few cell comparisons a row.
 *
 * exampleRowTest(['name', 'email', 'password', 'role'])(['Example Person', 'example.person@example.com', 'Example-Pass-1', 'support']) -> true
 */
export function exampleRowTest(header: readonly string[]): (cells: readonly string[]) => boolean {
  const found = EXAMPLES.map((ex) => ex.map(([col, value]) => [header.indexOf(col), value] as const)).filter((ex) => ex.every(([at]) => at >= 0));
  return (cells) => found.some((ex) => ex.every(([at, value]) => (cells[at] ?? '').trim().toLowerCase() === value));
}

/**
 * `table` (rows of cells, the header first, as parseCsv gives it) with each example row emptied:
 * the previews skip it as they skip a blank row, and the rows after it keep their numbers.
 */
export function withoutExampleRows(table: readonly (readonly string[])[]): string[][] {
  const isExample = exampleRowTest((table[0] ?? []).map((h) => h.trim().toLowerCase()));
  return table.map((cells, i) => (i > 0 && isExample(cells) ? [] : [...cells]));
}
