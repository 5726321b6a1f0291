import { parseCsv } from '../../common/csv.ts';
import { isEmail } from '../../common/email.ts';
import { passwordProblem } from '../../common/password.ts';
import { missingColumns, missingColumnsMessage, NO_ROWS, reportedProblems, USER_IMPORT_COLUMNS } from '../../common/sheet-rules.ts';

/**
 * What the Import Users modal can tell before sending (admin-area §2, DESIGN.md §4): the sheet's
 * first rows and the problems visible in the browser — an empty file, missing columns, empty
 * cells, bad e-mails, weak passwords (the shared rule) and e-mails repeated within the file. The server checks everything again
 * (stored e-mails, unknown roles) and imports all or nothing. Row numbers are the spreadsheet's:
 * the header is row 1.
 */
export const PREVIEW_ROWS = 5;

/** What the Import Users modal shows before sending. */
export interface ImportPreview {
  header: string[];
  /** The first PREVIEW_ROWS non-blank data rows. */
  rows: { row: number; cells: string[] }[];
  /** Non-blank data rows in the file. */
  total: number;
  /** At most MAX_REPORTED_PROBLEMS messages, then one saying how many more. */
  problems: string[];
}

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
  if (!header.some((h) => h !== '') || rows.length === 0) problems.push(NO_ROWS);
  const missing = missingColumns(header, USER_IMPORT_COLUMNS);
  if (header.some((h) => h !== '') && missing.length) problems.push(missingColumnsMessage(missing));
  if (!missing.length) {
    const at = Object.fromEntries(USER_IMPORT_COLUMNS.map((c) => [c, header.indexOf(c)])) as Record<(typeof USER_IMPORT_COLUMNS)[number], number>;
    const seen = new Map<string, number>();
    for (const { row, cells } of rows) {
      const empty = USER_IMPORT_COLUMNS.filter((c) => !cells[at[c]]);
      if (empty.length) problems.push(`Row ${row}: ${empty.join(', ')} ${empty.length > 1 ? 'are' : 'is'} empty.`);
      const email = cells[at.email] ?? '';
      if (email && !isEmail(email)) problems.push(`Row ${row}: "${email}" is not a valid email address.`);
      const password = cells[at.password] ?? '';
      if (password && passwordProblem(password)) problems.push(`Row ${row}: ${passwordProblem(password)}`);
      const key = email.toLowerCase();
      if (email && seen.has(key)) problems.push(`Row ${row}: the email ${email} is already used in row ${seen.get(key)}.`);
      else if (email) seen.set(key, row);
    }
  }
  return { header: head.map((h) => h.trim()), rows: rows.slice(0, PREVIEW_ROWS), total: rows.length, problems: reportedProblems(problems) };
}

/** Previews a CSV read as a data URL. */
export const previewCsvDataUrl = (dataUrl: string) => previewTable(parseCsv(dataUrlText(dataUrl)));
