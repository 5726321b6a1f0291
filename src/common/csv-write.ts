/**
 * Writing CSV (RFC 4180) that spreadsheet programs open safely; pure, used by the API's list
 * exports and free for the console. Issue "lists that scale" §6:
 * - `CSV_BOM` starts a file so spreadsheet programs read it as UTF-8 (accents survive);
 * - a text cell that starts with `=`, `+`, `-`, `@`, tab or carriage return gets a leading `'`
 *   so it is never run as a formula (numbers are written as they are);
 * - a cell holding `,`, `"`, CR or LF is quoted, inner quotes doubled; rows end with CRLF.
 */
export const CSV_BOM = '\uFEFF';

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

/** One cell: null/undefined -> empty, numbers and booleans as text, strings formula-guarded and quoted when needed. */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number' || typeof value === 'bigint' || typeof value === 'boolean') return String(value);
  let s = String(value);
  if (FORMULA_START.test(s)) s = `'${s}`;
  return NEEDS_QUOTES.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
}

/** One record, CRLF-terminated. */
export const csvRow = (cells: readonly unknown[]): string => `${cells.map(csvCell).join(',')}\r\n`;
