import { parseCsv } from '../../../src/common/csv.ts';
import { cellText, NOT_A_SPREADSHEET, tooManyRows } from '../../../src/common/sheet-rules.ts';
import { storedZip, unzipText, ZipFormatError, ZipLimitError } from '../files/zip.ts';
import { nextTurn, WORK_SLICE } from '../../runtime/next-turn.ts';

/**
 * The CPU- and memory-heavy half of the spreadsheet reader (lib/spreadsheets/spreadsheet.ts), run inside a
 * worker thread (lib/spreadsheets/spreadsheet-worker.ts) so one import never stalls other requests.
 *
 * `parseSheetBytes(job)` turns the uploaded bytes into the header and the non-blank data rows
 * (cells trimmed, 1-based sheet row numbers), stopping at data row `maxRows + 1`: the
 * refusal names the limit, and nothing past that point is ever parsed or held. Refusals come back
 * as `{ ok: false, message }` (never thrown):
 *   - more than `maxRows` non-blank data rows (counted while reading),
 *   - `.xlsx` whose XML entries inflate past `maxInflate` bytes (per entry and in total),
 *   - not a zip / not a workbook / not UTF-8 text.
 */
export interface ParseJob {
  bytes: Uint8Array;
  kind: 'csv' | 'xlsx';
  maxRows: number;
  maxInflate: number;
}
export interface ParsedRow {
  row: number;
  cells: string[];
}
/**
 * A parse outcome. Rows travel packed, because copying 50,000 row objects between threads
 * costs the server's event loop far more than the parse itself: `cells` is every cell of every
 * row joined by NUL (a character no accepted file can hold), `shape` holds (row number, cell
 * count) per row. `unpackRows` rebuilds the rows.
 */
export type ParseResult = { ok: true; header: string[] | null; cells: string; shape: Int32Array } | { ok: false; message: string };

/**
 * The rows of a successful `ParseResult`, rebuilt on the caller's thread in chunks of 2,000 rows
 * with a yield to the event loop between them, so other requests are answered meanwhile.
 */
export async function unpackRows(r: { cells: string; shape: Int32Array }): Promise<ParsedRow[]> {
  const count = r.shape.length / 2;
  const rows: ParsedRow[] = new Array(count);
  let at = 0;
  for (let i = 0; i < count; i++) {
    if (i > 0 && i % WORK_SLICE === 0) await nextTurn();
    const n = r.shape[2 * i + 1];
    const cells: string[] = new Array(n);
    for (let k = 0; k < n; k++) {
      const end = r.cells.indexOf('\0', at);
      cells[k] = r.cells.slice(at, end < 0 ? undefined : end);
      at = end < 0 ? r.cells.length : end + 1;
    }
    rows[i] = { row: r.shape[2 * i], cells };
  }
  return rows;
}

const mb = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;

/**
 * Parses one uploaded .csv or .xlsx (see the module comment above): resolves to the packed
 * header and rows, or `{ ok: false, message }` for a refusal. Rejects only on an unexpected error.
 */
export async function parseSheetBytes(job: ParseJob): Promise<ParseResult> {
  const bytes = Buffer.from(job.bytes.buffer, job.bytes.byteOffset, job.bytes.byteLength);
  const collector = rowCollector(job.maxRows);
  if (job.kind === 'csv') {
    // A NUL byte or invalid UTF-8 means a binary file renamed to .csv, not text.
    if (bytes.includes(0)) return { ok: false, message: NOT_A_SPREADSHEET };
    let text: string;
    try {
      text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    } catch {
      return { ok: false, message: NOT_A_SPREADSHEET };
    }
    parseCsv(text, collector.add);
    return collector.result();
  }
  let entries: Record<string, string>;
  try {
    entries = unzipText(bytes, (name) => /\.(xml|rels)$/i.test(name), job.maxInflate, job.maxInflate);
  } catch (err) {
    if (err instanceof ZipLimitError) return { ok: false, message: `The file may not unpack to more than ${mb(job.maxInflate)}.` };
    if (err instanceof ZipFormatError) return { ok: false, message: NOT_A_SPREADSHEET };
    throw err;
  }
  // Count rows before the XML is turned into a document tree: a sheet over the limit is refused
  // from a scan of its text alone. The header row is one more than the data rows.
  for (const [name, xml] of Object.entries(entries)) {
    if (/^xl\/worksheets\/[^/]+\.xml$/i.test(name) && valuedRows(xml, job.maxRows + 2) > job.maxRows + 1) {
      return { ok: false, message: tooManyRows(job.maxRows) };
    }
  }
  let table: unknown[][];
  try {
    table = await readWorkbook(entries);
  } catch {
    return { ok: false, message: NOT_A_SPREADSHEET };
  }
  for (const r of table) if (collector.add(r.map(cellText)) === false) break;
  return collector.result();
}

/** Header plus non-blank rows, numbered as a spreadsheet program shows them; stops past maxRows. */
function rowCollector(maxRows: number) {
  let header: string[] | null = null;
  let index = 0;
  const rows: ParsedRow[] = [];
  return {
    add: (cells: string[]): boolean => {
      index++;
      if (header === null) {
        header = cells;
        return true;
      }
      const trimmed = cells.map((s) => s.trim());
      if (trimmed.some((s) => s !== '')) rows.push({ row: index, cells: trimmed });
      return rows.length <= maxRows;
    },
    result: (): ParseResult => {
      if (rows.length > maxRows) return { ok: false, message: tooManyRows(maxRows) };
      const shape = new Int32Array(rows.length * 2);
      rows.forEach((r, i) => {
        shape[2 * i] = r.row;
        shape[2 * i + 1] = r.cells.length;
      });
      return { ok: true, header, cells: rows.map((r) => r.cells.join('\0')).join('\0'), shape };
    },
  };
}

/** How many `<row>` elements of a worksheet hold a value, counting no further than `stop`. */
function valuedRows(xml: string, stop: number): number {
  let n = 0;
  let at = xml.indexOf('<row');
  while (at >= 0 && n < stop) {
    const next = xml.indexOf('<row', at + 4);
    const body = xml.slice(at, next < 0 ? undefined : next);
    if (body.includes('<v') || body.includes('<is')) n++;
    at = next;
  }
  return n;
}

/**
 * read-excel-file's reader (first sheet, its date and number rules), through its public API
 * (`readSheet` of `read-excel-file/node`, pinned exactly in package.json). It unzips its input itself, with no
 * bound, so it is handed `storedZip` of the entries our bounded unzip already let through:
 * stored uncompressed, that copy cannot inflate past the caps `unzipText` enforced.
 */
async function readWorkbook(entries: Record<string, string>): Promise<unknown[][]> {
  // Loaded on first use: only parser threads read workbooks; the serving thread never loads it.
  const { readSheet } = await import('read-excel-file/node');
  return readSheet(storedZip(entries));
}
