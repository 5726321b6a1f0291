import { parseCsv } from '../../lib/csv.ts';
import { passwordProblem } from '../../common/password.ts';
import { USER_IMPORT_COLUMNS } from '../../common/user-sheet.ts';

/**
 * What the Import Users modal can tell before sending (admin-area §2, DESIGN.md §4): the sheet's
 * first rows and the problems visible in the browser — an empty file, missing columns, empty
 * cells, bad e-mails, weak passwords (the shared rule) and e-mails repeated within the file. The server checks everything again
 * (stored e-mails, unknown roles) and imports all or nothing. Row numbers are the spreadsheet's:
 * the header is row 1.
 */
export const IMPORT_COLUMNS = USER_IMPORT_COLUMNS;
export const PREVIEW_ROWS = 5;
export const MAX_PROBLEMS = 20;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export interface ImportPreview {
  header: string[];
  /** The first PREVIEW_ROWS non-blank data rows. */
  rows: { row: number; cells: string[] }[];
  /** Non-blank data rows in the file. */
  total: number;
  /** At most MAX_PROBLEMS messages, then one saying how many more. */
  problems: string[];
}

/** The kind of spreadsheet a file name says, or null when it is neither. */
export const sheetKind = (name: string): 'csv' | 'xlsx' | null =>
  /\.(csv|txt)$/i.test(name) ? 'csv' : /\.xlsx$/i.test(name) ? 'xlsx' : null;

/** The text inside a base64 data URL (FileReader.readAsDataURL), decoded as UTF-8. */
export function dataUrlText(dataUrl: string): string {
  const comma = dataUrl.indexOf(',');
  const bin = atob(dataUrl.slice(comma + 1));
  return new TextDecoder().decode(Uint8Array.from(bin, (c) => c.charCodeAt(0)));
}

/** Previews a sheet given as rows of cells (CSV parsed by parseCsv, or an .xlsx read in the browser). */
export function previewTable(table: string[][]): ImportPreview {
  const [head = [], ...body] = table;
  const header = head.map((h) => h.trim().toLowerCase());
  const rows = body.map((cells, i) => ({ row: i + 2, cells: cells.map((c) => c.trim()) })).filter((r) => r.cells.some((c) => c !== ''));
  const problems: string[] = [];
  if (!header.some((h) => h !== '') || rows.length === 0) problems.push('The file has no rows to import.');
  const missing = IMPORT_COLUMNS.filter((c) => !header.includes(c));
  if (header.some((h) => h !== '') && missing.length) problems.push(`The file is missing the column${missing.length > 1 ? 's' : ''} ${missing.join(', ')}.`);
  if (!missing.length) {
    const at = Object.fromEntries(IMPORT_COLUMNS.map((c) => [c, header.indexOf(c)])) as Record<(typeof IMPORT_COLUMNS)[number], number>;
    const seen = new Map<string, number>();
    for (const { row, cells } of rows) {
      const empty = IMPORT_COLUMNS.filter((c) => !cells[at[c]]);
      if (empty.length) problems.push(`Row ${row}: ${empty.join(', ')} ${empty.length > 1 ? 'are' : 'is'} empty.`);
      const email = cells[at.email] ?? '';
      if (email && !EMAIL.test(email)) problems.push(`Row ${row}: "${email}" is not a valid email address.`);
      const password = cells[at.password] ?? '';
      if (password && passwordProblem(password)) problems.push(`Row ${row}: ${passwordProblem(password)}`);
      const key = email.toLowerCase();
      if (email && seen.has(key)) problems.push(`Row ${row}: the email ${email} is already used in row ${seen.get(key)}.`);
      else if (email) seen.set(key, row);
    }
  }
  const extra = problems.length - MAX_PROBLEMS;
  return {
    header: head.map((h) => h.trim()),
    rows: rows.slice(0, PREVIEW_ROWS),
    total: rows.length,
    problems: extra > 0 ? [...problems.slice(0, MAX_PROBLEMS), `…and ${extra} more problem${extra > 1 ? 's' : ''}.`] : problems,
  };
}

/** Previews a CSV read as a data URL. */
export const previewCsvDataUrl = (dataUrl: string) => previewTable(parseCsv(dataUrlText(dataUrl)));
