import readXlsxFile from 'read-excel-file/node';
import { parseCsv } from '../../src/common/csv.ts';
import {
  cellText, MAX_REPORTED_PROBLEMS, missingColumns, missingColumnsMessage, moreProblems, NO_ROWS, NOT_A_SPREADSHEET,
  SHEET_MAX_BYTES, SHEET_MAX_ROWS, TOO_LARGE, TOO_MANY_ROWS,
} from '../../src/common/sheet-rules.ts';
import { validationError } from '../http-error.ts';

/**
 * The one spreadsheet reader of the API (DESIGN.md §4), shared by user import (admin-area §7
 * POST user/import) and event photo upload (organiser-console §5 uploadExcel).
 *
 * Accepts an uploaded `File` (a multipart field) that is either
 *   - `.csv` (or `.txt`): UTF-8 text, parsed by `parseCsv`, or
 *   - `.xlsx`: an Office Open XML workbook (a zip), read with `read-excel-file/node`; first sheet only.
 * Anything else, a file over 10 MB or over 50,000 data rows, and a file with no data rows are
 * refused with a 422 `validation_error` on `field` (default "file") before anything is written.
 *
 * Row numbers are the ones a spreadsheet program shows: the header is row 1, the first data row
 * is row 2. Blank rows are skipped but keep their numbers. Every cell comes back as trimmed text:
 * numbers as written ("42", "1.5"), dates as `YYYY-MM-DD`, empty cells as ''.
 *
 * Typical use:
 *   const sheet = await readSpreadsheet(body.file);
 *   const records = recordsOf(sheet, ['name', 'email']);    // 422 when a column is missing
 *   const errors = new RowErrors();
 *   for (const r of records) if (!r.values.email) errors.add(r.row, 'The email field is required.');
 *   errors.throwIfAny();                                      // 422 with the first 20 problems
 */


/** One data row: its 1-based sheet row number and its cells as text. */
export interface SheetRow { row: number; cells: string[] }
/** A read sheet: header cells (trimmed, lower-case) and the non-blank data rows. */
export interface Sheet { header: string[]; rows: SheetRow[] }
/** A data row keyed by column name. */
export interface SheetRecord<K extends string> { row: number; values: Record<K, string> }

const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];
const fail = (field: string, message: string) => validationError({ [field]: [message] });

/** Reads an uploaded spreadsheet; throws a 422 on `field` for every refusal listed above. */
export async function readSpreadsheet(file: unknown, field = 'file'): Promise<Sheet> {
  if (!(file instanceof Blob)) throw fail(field, `The ${field} field is required.`);
  if (file.size > SHEET_MAX_BYTES) throw fail(field, TOO_LARGE);
  const name = file instanceof File ? file.name.toLowerCase() : '';
  const bytes = Buffer.from(await file.arrayBuffer());

  let table: string[][];
  if (ZIP_MAGIC.every((b, i) => bytes[i] === b) && !/\.(csv|txt)$/.test(name)) {
    table = await readXlsx(bytes, field);
  } else if (/\.(csv|txt)$/.test(name) || name === '') {
    table = parseCsv(decodeText(bytes, field));
  } else {
    throw fail(field, NOT_A_SPREADSHEET);
  }

  const [head, ...body] = table;
  const rows: SheetRow[] = [];
  body.forEach((cells, i) => {
    const trimmed = cells.map((s) => s.trim());
    if (trimmed.some((s) => s !== '')) rows.push({ row: i + 2, cells: trimmed });
  });
  if (!head || rows.length === 0) throw fail(field, NO_ROWS);
  if (rows.length > SHEET_MAX_ROWS) throw fail(field, TOO_MANY_ROWS);
  return { header: head.map((h) => h.trim().toLowerCase()), rows };
}

/**
 * Keys each row by the named columns (matched case-insensitively, in any order; extra columns
 * are ignored). Throws a 422 on `field` naming every missing column.
 */
export function recordsOf<K extends string>(sheet: Sheet, columns: readonly K[], field = 'file'): SheetRecord<K>[] {
  const missing = missingColumns(sheet.header, columns);
  if (missing.length) throw fail(field, missingColumnsMessage(missing));
  const at = columns.map((c) => sheet.header.indexOf(c));
  return sheet.rows.map(({ row, cells }) => ({
    row,
    values: Object.fromEntries(columns.map((c, i) => [c, cells[at[i]] ?? ''])) as Record<K, string>,
  }));
}

/**
 * Collects row problems for an all-or-nothing import; `throwIfAny` throws one 422 whose
 * `errors[field]` lists the first 20 as "Row 7: The email has already been taken." plus a
 * count of the rest.
 */
export class RowErrors {
  private readonly list: string[] = [];
  constructor(private readonly field = 'file') {}
  add(row: number, message: string) { this.list.push(`Row ${row}: ${message}`); }
  get size() { return this.list.length; }
  throwIfAny(): void {
    if (!this.list.length) return;
    const shown = this.list.slice(0, MAX_REPORTED_PROBLEMS);
    const rest = this.list.length - shown.length;
    if (rest > 0) shown.push(`${moreProblems(rest)} Nothing was imported.`);
    throw validationError({ [this.field]: shown });
  }
}

function decodeText(bytes: Buffer, field: string): string {
  // A NUL byte or invalid UTF-8 means a binary file renamed to .csv, not text.
  if (bytes.includes(0)) throw fail(field, NOT_A_SPREADSHEET);
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw fail(field, NOT_A_SPREADSHEET);
  }
}

async function readXlsx(bytes: Buffer, field: string): Promise<string[][]> {
  let rows: unknown[][];
  try {
    rows = (await readXlsxFile(bytes)) as unknown[][];
  } catch {
    throw fail(field, NOT_A_SPREADSHEET);
  }
  return rows.map((r) => r.map(cellText));
}
