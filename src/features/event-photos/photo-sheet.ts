/**
 * The console's preview check of a photo sheet before upload (organiser-console §2 "Upload event
 * photos", DESIGN.md §4). It mirrors the API's rules so problems show before anything is sent;
 * the API checks again and stays the authority. Input: a table from `parseCsv`.
 */
export const PHOTO_COLUMNS = ['bid_number', 'low_res_image', 'high_res_image', 'orientation'] as const;
export const MAX_ROWS = 50_000;
export const MAX_BYTES = 10 * 1024 * 1024;
const SHOWN = 20;
const LINK = /^https?:\/\/[^\s/]+\S*$/i;

export interface SheetPreview {
  /** Data rows that would be imported (blank rows skipped). */
  count: number;
  /** The first few rows, cells in PHOTO_COLUMNS order, with their sheet row numbers. */
  sample: { row: number; cells: string[] }[];
  /** Problems as "Row 7: …" (header problems without a row), the first 20, then a count of the rest. */
  problems: string[];
}

/** Checks header and rows; row numbers are the spreadsheet's (header = row 1). */
export function checkPhotoSheet(table: string[][], sampleSize = 5): SheetPreview {
  const [head = [], ...body] = table;
  const header = head.map((h) => h.trim().toLowerCase());
  const all: string[] = [];
  const missing = PHOTO_COLUMNS.filter((c) => !header.includes(c));
  const extra = header.filter((h) => h !== '' && !(PHOTO_COLUMNS as readonly string[]).includes(h));
  if (missing.length) all.push(`The file is missing the column${missing.length > 1 ? 's' : ''} ${missing.join(', ')}.`);
  if (extra.length) all.push(`The file has columns the template does not have: ${extra.join(', ')}.`);
  const at = PHOTO_COLUMNS.map((c) => header.indexOf(c));
  const sample: SheetPreview['sample'] = [];
  let count = 0;
  body.forEach((raw, i) => {
    const row = i + 2;
    if (!raw.some((c) => c.trim() !== '')) return;
    count++;
    const [bid, low, high, orientation] = at.map((j) => (j < 0 ? '' : (raw[j] ?? '').trim()));
    if (sample.length < sampleSize) sample.push({ row, cells: [bid, low, high, orientation] });
    if (missing.length) return;
    const p: string[] = [];
    if (!bid) p.push('bid_number is empty');
    else if (bid.length > 50) p.push('bid_number is longer than 50 characters');
    for (const [name, v] of [['low_res_image', low], ['high_res_image', high]] as const) {
      if (!v) p.push(`${name} is empty`);
      else if (v.length > 2048 || !LINK.test(v)) p.push(`${name} is not an http(s) link`);
    }
    if (!['portrait', 'landscape'].includes(orientation.toLowerCase())) p.push('orientation must be portrait or landscape');
    if (p.length) all.push(`Row ${row}: ${p.join('; ')}.`);
  });
  if (count === 0) all.push('The file has no rows to import.');
  if (count > MAX_ROWS) all.push(`The file may not have more than ${MAX_ROWS.toLocaleString('en-US')} rows.`);
  const problems = all.slice(0, SHOWN);
  if (all.length > SHOWN) problems.push(`…and ${all.length - SHOWN} more problems.`);
  return { count, sample, problems };
}
