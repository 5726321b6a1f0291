import { parseCsv } from '../../common/csv.ts';
import { isEmail } from '../../common/email.ts';
import { userRowProblems } from '../../common/contract/rules.ts';
import { withoutExampleRows } from '../../common/sheet-examples.ts';
import {
  cellText,
  emailTakenMessage,
  missingColumns,
  missingColumnsMessage,
  NO_ROWS,
  reportedProblems,
  USER_IMPORT_COLUMNS,
} from '../../common/sheet-rules.ts';
import { readDataUrl } from '../../lib/read-file.ts';

/**
 * What the Import Users modal can tell before sending (admin-area §2, DESIGN.md §4): the sheet's
 * first rows and the problems visible in the browser — an empty file, missing columns, empty
 * cells, bad e-mails, weak passwords, e-mails repeated within the file and roles
 * the signed-in user may not assign — the import's own row rules (common/contract/rules.ts
 * userRowProblems, one message an issue) — and, after one request (withTaken), e-mails already stored. The server checks
 * everything again and imports all or nothing. Row numbers are the spreadsheet's: the header is row 1.
 * The template's example row is skipped, as the import skips it (common/sheet-examples.ts).
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
  /** Every problem found, by row (0: the whole file), in row order: what `problems` reports. */
  issues: { row: number; text: string }[];
  /** The well-formed e-mails, each with its first row: what the stored-e-mail check asks about. */
  emails: { email: string; row: number }[];
}

/** The roles a sheet may name (by lower-case name) and the role ids the signed-in user may assign. */
export interface RoleRules {
  roles: ReadonlyMap<string, { id: number; name: string }>;
  assignable: readonly number[];
}

const report = (issues: { row: number; text: string }[]) => reportedProblems(issues.map((i) => i.text));
const byRow = (a: { row: number }, b: { row: number }) => a.row - b.row;

/** The text inside a base64 data URL (FileReader.readAsDataURL), decoded as UTF-8. */
export function dataUrlText(dataUrl: string): string {
  const comma = dataUrl.indexOf(',');
  const bin = atob(dataUrl.slice(comma + 1));
  return new TextDecoder().decode(Uint8Array.from(bin, (c) => c.charCodeAt(0)));
}

/** Previews a sheet given as rows of cells (CSV parsed by parseCsv, or an .xlsx read in the browser). */
export function previewTable(table: string[][], rules?: RoleRules): ImportPreview {
  const [head = [], ...body] = withoutExampleRows(table);
  const header = head.map((h) => h.trim().toLowerCase());
  const rows = body.map((cells, i) => ({ row: i + 2, cells: cells.map((c) => c.trim()) })).filter((r) => r.cells.some((c) => c !== ''));
  const issues: { row: number; text: string }[] = [];
  const file = (text: string) => issues.push({ row: 0, text });
  const at_ = (row: number, text: string) => issues.push({ row, text: `Row ${row}: ${text}` });
  const emails: { email: string; row: number }[] = [];
  if (!header.some((h) => h !== '') || rows.length === 0) file(NO_ROWS);
  const missing = missingColumns(header, USER_IMPORT_COLUMNS);
  if (header.some((h) => h !== '') && missing.length) file(missingColumnsMessage(missing));
  if (!missing.length) {
    const at = Object.fromEntries(USER_IMPORT_COLUMNS.map((c) => [c, header.indexOf(c)])) as Record<(typeof USER_IMPORT_COLUMNS)[number], number>;
    const ctx = { firstRowOf: new Map<string, number>(), roles: rules };
    for (const { row, cells } of rows) {
      const v = { name: cells[at.name] ?? '', email: cells[at.email] ?? '', password: cells[at.password] ?? '', role: cells[at.role] ?? '' };
      for (const text of userRowProblems(row, v, ctx)) at_(row, text);
      if (v.email && isEmail(v.email) && ctx.firstRowOf.get(v.email.toLowerCase()) === row) emails.push({ email: v.email, row });
    }
  }
  return { header: head.map((h) => h.trim()), rows: rows.slice(0, PREVIEW_ROWS), total: rows.length, problems: report(issues), issues, emails };
}

/** The preview with the e-mails of `taken` (lower-case, as user/import/check answers) named as already stored, in row order. */
export function withTaken(p: ImportPreview, taken: ReadonlySet<string>): ImportPreview {
  const more = p.emails.filter((e) => taken.has(e.email.toLowerCase())).map((e) => ({ row: e.row, text: `Row ${e.row}: ${emailTakenMessage(e.email)}` }));
  if (!more.length) return p;
  const issues = [...p.issues, ...more].sort(byRow);
  return { ...p, issues, problems: report(issues) };
}

/** Previews a CSV read as a data URL. */
export const previewCsvDataUrl = (dataUrl: string, rules?: RoleRules) => previewTable(parseCsv(dataUrlText(dataUrl)), rules);

/** The role rules of a preview, when both the roles and the ids the signed-in user may assign are known. */
export const roleRules = (roles: { id: number; name: string }[] | null, assignable: number[] | null): RoleRules | undefined =>
  roles && assignable ? { roles: new Map(roles.map((r) => [r.name.toLowerCase(), r])), assignable } : undefined;

/**
 * How the Import Users modal reads a chosen sheet (useSheetImport's readers): a CSV as a data URL
 * (admin-area §2), an .xlsx with the browser's reader; both previewed with `rules`.
 */
export const usersSheetReaders = (rules?: RoleRules) => ({
  csv: async (file: File) => previewCsvDataUrl(await readDataUrl(file), rules),
  xlsx: async (file: File) => {
    // The .xlsx reader loads only when such a file is chosen.
    const { readSheet } = await import('../../lib/xlsx-reader.ts');
    return previewTable(
      (await readSheet(file)).map((r) => r.map(cellText)),
      rules,
    );
  },
});
