/**
 * The spreadsheet rules of DESIGN.md §4 that the console's previews and the API's imports both
 * apply (admin-area §2 "Import User", organiser-console §2 "Upload event photos"): the columns of
 * each sheet, the size and row limits, the photo row checks and the messages, worded once.
 * Row numbers are the spreadsheet's: the header is row 1, the first data row row 2.
 */
import { groupDigits } from './numbers.ts';

/**
 * An `http://` image link: the participants' gallery allows only `https:` images (its security
 * policy), so it would show a broken image; the sheet is refused naming the row instead.
 */
export const insecureLinkProblem = (col: string) => `${col} is an http:// link; photos must be https:// links (the gallery cannot show http:// images)`;

/** Columns of the user import sheet (admin-area §7 POST user/import). */
export const USER_IMPORT_COLUMNS = ['name', 'email', 'password', 'role'] as const;
/** Columns of the event photo sheet, exactly (organiser-console §5 uploadExcel). */
export const PHOTO_COLUMNS = ['bid_number', 'low_res_image', 'high_res_image', 'orientation'] as const;
/** Largest spreadsheet accepted, in bytes. */
export const SHEET_MAX_BYTES = 10 * 1024 * 1024;
/** Most data rows accepted, header not counted. */
export const SHEET_MAX_ROWS = 50_000;
/** Most bytes an `.xlsx` may inflate to, per zip entry and in total, so a zip bomb is refused (DESIGN.md §4). */
export const SHEET_MAX_UNPACKED = 100 * 1024 * 1024;
/** How many row problems a preview or an answer lists before counting the rest. */
export const MAX_REPORTED_PROBLEMS = 20;
/** Longest bid number, in characters. */
export const BID_MAX_LENGTH = 50;
/** Longest image link, in characters. */
export const LINK_MAX_LENGTH = 2048;
/**
 * An image link: http or https, a host, then anything without spaces. Written so it runs in
 * linear time: `[^\s/]+\S*` (the same language as `[^\s/]\S*`) let both parts compete for
 * every character of a long link, n² tries for one that fails at its end.
 */
export const LINK_PATTERN = /^https?:\/\/[^\s/]\S*$/i;

/** A file that is neither .csv/.txt text nor an .xlsx workbook. */
export const NOT_A_SPREADSHEET = 'The file must be a spreadsheet (.csv or .xlsx).';
/** A file over SHEET_MAX_BYTES. */
export const TOO_LARGE = 'The file may not be greater than 10 MB.';
/** A sheet without a header or without a non-blank data row. */
export const NO_ROWS = 'The file has no rows to import.';
/** A sheet over SHEET_MAX_ROWS data rows. */
/** The row-limit refusal for a limit of `max` data rows. */
export const tooManyRows = (max: number) => `The file may not have more than ${groupDigits(max)} rows.`;
export const TOO_MANY_ROWS = tooManyRows(SHEET_MAX_ROWS);

/** The kind of spreadsheet a file name says (.csv/.txt or .xlsx), or null when it is neither. */
export const sheetKind = (name: string): 'csv' | 'xlsx' | null => (/\.(csv|txt)$/i.test(name) ? 'csv' : /\.xlsx$/i.test(name) ? 'xlsx' : null);

/** A cell read from an .xlsx workbook as text: dates as YYYY-MM-DD, empty cells as ''. */
export const cellText = (v: unknown): string => (v == null ? '' : v instanceof Date ? v.toISOString().slice(0, 10) : String(v));

/** The `columns` absent from a trimmed, lower-case `header`, in `columns` order. */
export const missingColumns = <K extends string>(header: readonly string[], columns: readonly K[]): K[] => columns.filter((c) => !header.includes(c));

/** "The file is missing the column(s) a, b." for a non-empty list. */
export const missingColumnsMessage = (missing: readonly string[]): string =>
  `The file is missing the column${missing.length > 1 ? 's' : ''} ${missing.join(', ')}.`;

/** Header cells that are not photo sheet columns (blank cells ignored). */
export const extraPhotoColumns = (header: readonly string[]): string[] => header.filter((h) => h !== '' && !(PHOTO_COLUMNS as readonly string[]).includes(h));

/** "The file has columns the template does not have: x, y." */
export const extraColumnsMessage = (extra: readonly string[]): string => `The file has columns the template does not have: ${extra.join(', ')}.`;

/** "…and N more problem(s)." after the first MAX_REPORTED_PROBLEMS. */
export const moreProblems = (rest: number): string => `…and ${rest} more problem${rest > 1 ? 's' : ''}.`;

/** The first MAX_REPORTED_PROBLEMS of `all`, then `moreProblems` for the rest, if any. */
export function reportedProblems(all: readonly string[]): string[] {
  const shown = all.slice(0, MAX_REPORTED_PROBLEMS);
  return all.length > shown.length ? [...shown, moreProblems(all.length - shown.length)] : shown;
}

/**
 * The answer when a users form or sheet names role `company` (admin-area §3, DESIGN.md §3):
 * organiser sign-in users are managed from Organizers only.
 */
export const ORGANISER_ROLE = 'Organiser users are added and changed from Organizers.';

/** A user sheet's e-mail that is already stored (the import and its preview word it alike). */
export const emailTakenMessage = (email: string) => `The email ${email} has already been taken.`;

/**
 * What is wrong with a user sheet's `role` cell, or null (the import's rule,
 * applied by its preview too): empty, unknown (`roles` by lower-case name), the organiser role
 * `company`, or not among the role ids the signed-in user may assign.
 */
export function userRoleProblem(role: string, roles: ReadonlyMap<string, { id: number; name: string }>, assignable: readonly number[]): string | null {
  const r = roles.get(role.toLowerCase());
  if (!role) return 'The role field is required.';
  if (!r) return `The role "${role}" does not exist.`;
  if (r.name === 'company') return ORGANISER_ROLE;
  if (!assignable.includes(r.id)) return `You may not add users with the role ${r.name}.`;
  return null;
}

/** One photo sheet row's trimmed cells by column. */
export type PhotoCells = Record<(typeof PHOTO_COLUMNS)[number], string>;

/**
 * What is wrong with one photo row, as "bid_number is empty; orientation must be portrait or
 * landscape." (no row number), or null when the row is good. Image links must be https://
 * (insecureLinkProblem): an http:// one would be a broken image on the participants' gallery.
 */
export function photoRowProblem(v: PhotoCells): string | null {
  const p: string[] = [];
  if (!v.bid_number) p.push('bid_number is empty');
  else if (v.bid_number.length > BID_MAX_LENGTH) p.push(`bid_number is longer than ${BID_MAX_LENGTH} characters`);
  for (const col of ['low_res_image', 'high_res_image'] as const) {
    if (!v[col]) p.push(`${col} is empty`);
    else if (v[col].length > LINK_MAX_LENGTH || !LINK_PATTERN.test(v[col])) p.push(`${col} is not an http(s) link`);
    else if (/^http:/i.test(v[col])) p.push(insecureLinkProblem(col));
  }
  const orientation = v.orientation.toLowerCase();
  if (orientation !== 'portrait' && orientation !== 'landscape') p.push('orientation must be portrait or landscape');
  return p.length ? `${p.join('; ')}.` : null;
}
