import {
  MAX_REPORTED_PROBLEMS,
  missingColumns,
  missingColumnsMessage,
  moreProblems,
  NO_ROWS,
  NOT_A_SPREADSHEET,
  SHEET_MAX_BYTES,
  SHEET_MAX_ROWS,
  SHEET_MAX_UNPACKED,
  TOO_LARGE,
} from '../../../src/common/sheet-rules.ts';
import { exampleRowTest } from '../../../src/common/sheet-examples.ts';
import { Invalid } from '../../runtime/domain-errors.ts';
import { unpackRows } from './spreadsheet-parse.ts';
import { parseInWorker } from './spreadsheet-runner.ts';
import { nextTurn, WORK_SLICE } from '../../runtime/next-turn.ts';

/**
 * The one spreadsheet reader of the API (DESIGN.md §4), shared by user import (admin-area §7
 * POST user/import) and event photo upload (organiser-console §5 uploadExcel).
 *
 * Accepts an uploaded `File` (a multipart field) that is either
 *   - `.csv` (or `.txt`): UTF-8 text, parsed by `parseCsv`, or
 *   - `.xlsx`: an Office Open XML workbook (a zip), unpacked by lib/files/zip.ts with inflation capped
 *     at SHEET_MAX_UNPACKED bytes per entry and in total, then read by read-excel-file;
 *     first sheet only.
 * Parsing runs in a worker thread (lib/spreadsheets/spreadsheet-runner.ts) and stops at data row 50,001.
 * Anything else, a file over 10 MB, over 50,000 data rows or unpacking past 100 MB, and a file
 * with no data rows are refused with a 422 `validation_error` on `field` (default "file") naming
 * the limit, before anything is written.
 *
 * Row numbers are the ones a spreadsheet program shows: the header is row 1, the first data row
 * is row 2. Blank rows are skipped but keep their numbers, and so is a template's example row
 * (common/sheet-examples.ts exampleRowTest): a sheet holding only the example has no rows. Every cell comes back as trimmed text:
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
export interface SheetRow {
  row: number;
  cells: string[];
}
/** A read sheet: header cells (trimmed, lower-case) and the non-blank data rows. */
export interface Sheet {
  header: string[];
  rows: SheetRow[];
}
/** A data row keyed by column name. */
export interface SheetRecord<K extends string> {
  row: number;
  values: Record<K, string>;
}

const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];
const fail = (field: string, message: string) => new Invalid({ [field]: [message] });

/** Reads an uploaded spreadsheet; throws a 422 on `field` for every refusal listed above. */
export async function readSpreadsheet(file: unknown, field = 'file'): Promise<Sheet> {
  if (!(file instanceof Blob)) throw fail(field, `The ${field} field is required.`);
  if (file.size > SHEET_MAX_BYTES) throw fail(field, TOO_LARGE);
  const name = file instanceof File ? file.name.toLowerCase() : '';
  const bytes = new Uint8Array(await file.arrayBuffer());

  let kind: 'csv' | 'xlsx';
  if (ZIP_MAGIC.every((b, i) => bytes[i] === b) && !/\.(csv|txt)$/.test(name)) kind = 'xlsx';
  else if (/\.(csv|txt)$/.test(name) || name === '') kind = 'csv';
  else throw fail(field, NOT_A_SPREADSHEET);

  const parsed = await parseInWorker({ bytes, kind, maxRows: SHEET_MAX_ROWS, maxInflate: SHEET_MAX_UNPACKED });
  if (!parsed.ok) throw fail(field, parsed.message);
  const header = parsed.header?.map((h) => h.trim().toLowerCase());
  const isExample = exampleRowTest(header ?? []);
  const rows = header ? (await unpackRows(parsed)).filter((r) => !isExample(r.cells)) : [];
  if (!header || rows.length === 0) throw fail(field, NO_ROWS);
  return { header, rows };
}

/**
 * Keys each row by the named columns (matched case-insensitively, in any order; extra columns
 * are ignored), yielding to the event loop every WORK_SLICE rows. Throws a 422 on `field` naming
 * every missing column but those of `optional`, whose cells read '' when the sheet has no such column.
 */
export async function recordsOf<K extends string>(sheet: Sheet, columns: readonly K[], field = 'file', optional: readonly K[] = []): Promise<SheetRecord<K>[]> {
  const missing = missingColumns(
    sheet.header,
    columns.filter((c) => !optional.includes(c)),
  );
  if (missing.length) throw fail(field, missingColumnsMessage(missing));
  const at = columns.map((c) => sheet.header.indexOf(c));
  const out: SheetRecord<K>[] = new Array(sheet.rows.length);
  for (let r = 0; r < sheet.rows.length; r++) {
    if (r > 0 && r % WORK_SLICE === 0) await nextTurn();
    const { row, cells } = sheet.rows[r];
    const values = {} as Record<K, string>;
    for (let i = 0; i < columns.length; i++) values[columns[i]] = cells[at[i]] ?? '';
    out[r] = { row, values };
  }
  return out;
}

/**
 * Collects row problems for an all-or-nothing import; `throwIfAny` throws one 422 whose
 * `errors[field]` lists the first 20 as "Row 7: The email has already been taken." plus a
 * count of the rest.
 */
export class RowErrors {
  private readonly list: string[] = [];
  constructor(private readonly field = 'file') {}
  add(row: number, message: string) {
    this.list.push(`Row ${row}: ${message}`);
  }
  get size() {
    return this.list.length;
  }
  throwIfAny(): void {
    if (!this.list.length) return;
    const shown = this.list.slice(0, MAX_REPORTED_PROBLEMS);
    const rest = this.list.length - shown.length;
    if (rest > 0) shown.push(`${moreProblems(rest)} Nothing was imported.`);
    throw new Invalid({ [this.field]: shown });
  }
}
