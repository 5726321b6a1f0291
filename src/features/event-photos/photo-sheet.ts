import {
  extraColumnsMessage,
  extraPhotoColumns,
  missingColumns,
  missingColumnsMessage,
  NO_ROWS,
  PHOTO_COLUMNS,
  photoRowProblem,
  reportedProblems,
  SHEET_MAX_ROWS,
  TOO_MANY_ROWS,
} from '../../common/sheet-rules.ts';
import { withoutExampleRows } from '../../common/sheet-examples.ts';

/**
 * The console's preview check of a photo sheet before upload (organiser-console §2 "Upload event
 * photos", DESIGN.md §4). It applies the API's own rules (common/sheet-rules.ts) so problems show
 * before anything is sent; the API checks again and stays the authority. Input: a table from `parseCsv`.
 */
export interface PhotoSheet {
  /** Data rows that would be imported (blank rows skipped). */
  count: number;
  /** The first few rows, cells in PHOTO_COLUMNS order, with their sheet row numbers. */
  sample: { row: number; cells: string[] }[];
  /** Problems as "Row 7: …" (header problems without a row), the first 20, then a count of the rest. */
  problems: string[];
}

/** Checks header and rows, skipping the template's example row as the upload does; row numbers are the spreadsheet's (header = row 1). */
export function checkPhotoSheet(table: string[][], sampleSize = 5): PhotoSheet {
  const [head = [], ...body] = withoutExampleRows(table);
  const header = head.map((h) => h.trim().toLowerCase());
  const all: string[] = [];
  const missing = missingColumns(header, PHOTO_COLUMNS);
  const extra = extraPhotoColumns(header);
  if (missing.length) all.push(missingColumnsMessage(missing));
  if (extra.length) all.push(extraColumnsMessage(extra));
  const at = PHOTO_COLUMNS.map((c) => header.indexOf(c));
  const sample: PhotoSheet['sample'] = [];
  let count = 0;
  body.forEach((raw, i) => {
    const row = i + 2;
    if (!raw.some((c) => c.trim() !== '')) return;
    count++;
    const [bid_number, low_res_image, high_res_image, orientation] = at.map((j) => (j < 0 ? '' : (raw[j] ?? '').trim()));
    if (sample.length < sampleSize) sample.push({ row, cells: [bid_number, low_res_image, high_res_image, orientation] });
    if (missing.length) return;
    const problem = photoRowProblem({ bid_number, low_res_image, high_res_image, orientation });
    if (problem) all.push(`Row ${row}: ${problem}`);
  });
  if (count === 0) all.push(NO_ROWS);
  if (count > SHEET_MAX_ROWS) all.push(TOO_MANY_ROWS);
  return { count, sample, problems: reportedProblems(all) };
}
