import { PassThrough } from 'node:stream';

/**
 * Writing `.xlsx` workbooks a chunk of rows at a time (list exports, and the
 * scheduled reports' attachments), with exceljs' streaming WorkbookWriter: each row is turned
 * into XML and zipped as it comes, so memory stays flat however many rows there are (the rows
 * are never all held, the workbook's bytes leave through `sink` as they are zipped).
 *
 * A workbook has one or more sheets; each sheet a header row (bold) then its rows. A cell is
 * written by its column's kind and its value's type:
 *   - `time` columns hold times in ms since 1970 (a number or a numeric text): a real date,
 *     shown `yyyy-mm-dd hh:mm:ss` in UTC (the CSV's ISO 8601 text, as a date);
 *   - `date` columns hold text days `YYYY-MM-DD` or UTC times `YYYY-MM-DD HH:MM:SS`: a real date
 *     (`yyyy-mm-dd`, or with the time); a text that is not one stays text;
 *   - otherwise numbers are numbers, booleans booleans, null/undefined/'' an empty cell, and every
 *     other value text. Text is an inline string cell, never a formula, whatever it starts
 *     with (`=`, `+`, `-`, `@`): a spreadsheet program shows it and runs nothing. Text longer than
 *     Excel's cell limit (32,767 characters) is cut there; characters XML cannot hold (C0
 *     controls but tab, LF and CR) are left out.
 *
 * A time's date number is that of the middle of its millisecond, so a reader that truncates
 * (read-excel-file) and one that rounds both read the same ms back.
 */

/** How a column's values are written (see above). */
export type XlsxColumnKind = 'value' | 'time' | 'date';

/** One column: its header text and kind. */
export interface XlsxColumn {
  header: string;
  kind?: XlsxColumnKind;
}

/** One sheet: its name (Excel's rules: at most 31 characters, none of `[]:*?/\`), columns and rows, a chunk (array of rows) at a time. */
export interface XlsxSheet {
  name: string;
  columns: readonly XlsxColumn[];
  rows: AsyncIterable<readonly (readonly unknown[])[]> | Iterable<readonly (readonly unknown[])[]>;
}

/** Where the workbook's bytes go: `write` resolves once the chunk is taken (an HTTP stream's backpressure). */
export interface XlsxSink {
  write(chunk: Uint8Array): Promise<unknown>;
}

/** Excel's longest cell text. */
export const XLSX_CELL_MAX = 32_767;

const DAY_MS = 86_400_000;
/** Day 0 of the 1900 date system is 1899-12-30 (Excel's serial of 1970-01-01 is 25569). */
const EPOCH_SERIAL = 25_569;
const TIME_FORMAT = 'yyyy-mm-dd hh:mm:ss';
const DAY_FORMAT = 'yyyy-mm-dd';
const DATE_TEXT = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2}):(\d{2}))?$/;
/** Unzipped sheet XML waiting for the zip before more rows are made (bytes): the flat-memory bound. */
const BACKLOG_MAX = 1024 * 1024;
/**
 * Rows made while the sink is still taking an earlier chunk, before more wait for it: the zip
 * goes on compressing what it was given into buffers of its own while the reader waits, so
 * without this bound a reader that stops reading would have the whole export compressed in memory.
 */
const ROWS_AHEAD = 5_000;

/** The date number (1900 system) of `ms` since 1970, at the middle of its millisecond. */
const serialOf = (ms: number) => EPOCH_SERIAL + (ms + 0.5) / DAY_MS;

type Cell = { value: unknown; numFmt?: string };

/** The cell a value becomes in a column of `kind` (see the module comment). */
export function xlsxCell(kind: XlsxColumnKind, v: unknown): Cell {
  if (v === null || v === undefined || v === '') return { value: null };
  if (kind === 'time') {
    const ms = typeof v === 'number' ? v : typeof v === 'string' && /^-?\d+$/.test(v) ? Number(v) : Number.NaN;
    if (Number.isFinite(ms)) return { value: serialOf(ms), numFmt: TIME_FORMAT };
  }
  if (kind === 'date' && typeof v === 'string') {
    const m = DATE_TEXT.exec(v);
    if (m) {
      const [, y, mo, d, h, mi, s] = m.map(Number);
      const ms = Date.UTC(y, mo - 1, d, h || 0, mi || 0, s || 0);
      const back = new Date(ms);
      // A text that names no real day (2030-02-30) stays text.
      if (back.getUTCDate() === d && back.getUTCMonth() === mo - 1)
        return m[4] === undefined ? { value: EPOCH_SERIAL + ms / DAY_MS, numFmt: DAY_FORMAT } : { value: serialOf(ms), numFmt: TIME_FORMAT };
    }
  }
  if (typeof v === 'number') return { value: Number.isFinite(v) ? v : String(v) };
  if (typeof v === 'bigint') return { value: Number(v) };
  if (typeof v === 'boolean') return { value: v };
  const text = String(v).slice(0, XLSX_CELL_MAX);
  // Rich text is how exceljs writes an inline string (t="inlineStr"): plain text, never a formula.
  return { value: { richText: [{ text }] } };
}

/**
 * The bytes of sheet XML made and not yet zipped: what exceljs' stream buffer of the sheet holds
 * (its chunks, before the zip takes the sheet up) plus what waits in the zip's entry stream it
 * pipes into (exceljs writes there without waiting for it to drain: that stream's written and
 * unread lengths, readable-stream's states). 0 when it cannot tell (another exceljs): the test of
 * a reader that stops reading (test/unit/xlsx-write.test.ts) then fails.
 */
function backlog(sheet: unknown): number {
  type State = { length?: number };
  type Pipe = { _writableState?: State; _readableState?: State };
  const buf = (sheet as { stream?: { buffers?: unknown; pipes?: unknown } }).stream;
  let n = 0;
  if (Array.isArray(buf?.buffers)) for (const b of buf.buffers) n += Number((b as State).length ?? 0);
  if (Array.isArray(buf?.pipes)) for (const p of buf.pipes as Pipe[]) n += Number(p._writableState?.length ?? 0) + Number(p._readableState?.length ?? 0);
  return n;
}

/**
 * exceljs' streaming writer alone (its module, not the package's index, which also loads the
 * reader, CSV and in-memory workbook: about 13 MB more of a process's memory), loaded on the first export.
 */
const loadWriter = async () => (await import('exceljs/lib/stream/xlsx/workbook-writer.js')).default;

const pause = () => new Promise<void>((r) => setTimeout(r, 1));

/**
 * Writes the workbook of `sheets` to `sink`, a chunk of rows at a time: after each chunk it
 * waits while more than BACKLOG_MAX bytes of sheet XML wait for the zip (and so for `sink`),
 * so a slow reader holds the rows back instead of filling memory. Resolves once the last byte
 * was handed to `sink`; rejects with `sink`'s or a row source's error (the workbook is then cut short).
 */
export async function writeXlsx(sink: XlsxSink, sheets: readonly XlsxSheet[]): Promise<void> {
  const WorkbookWriter = await loadWriter();
  const out = new PassThrough();
  let failure: unknown = null;
  // Rows made since the sink last took a chunk, and whether it is taking one now: a reader that
  // is slow holds the rows back (see ROWS_AHEAD), one that reads keeps them coming.
  let ahead = 0;
  let writing: Promise<unknown> | null = null;
  const pump = (async () => {
    for await (const chunk of out) {
      writing = sink.write(chunk as Uint8Array);
      await writing;
      writing = null;
      ahead = 0;
    }
  })().catch((err) => {
    failure ??= err;
    out.destroy();
  });
  const book = new WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  try {
    for (const s of sheets) {
      const sheet = book.addWorksheet(s.name);
      const header = sheet.addRow(s.columns.map((c) => xlsxCell('value', c.header).value));
      header.font = { bold: true };
      header.commit();
      const kinds = s.columns.map((c) => c.kind ?? 'value');
      for await (const chunk of s.rows) {
        for (const values of chunk) {
          const cells = kinds.map((kind, j) => xlsxCell(kind, values[j]));
          const row = sheet.addRow(cells.map((c) => c.value ?? undefined));
          cells.forEach((c, j) => {
            if (c.numFmt) row.getCell(j + 1).numFmt = c.numFmt;
          });
          row.commit();
        }
        ahead += chunk.length;
        while (!failure && (backlog(sheet) > BACKLOG_MAX || (writing && ahead > ROWS_AHEAD))) await pause();
        if (failure) throw failure;
      }
      sheet.commit();
    }
    await book.commit();
  } catch (err) {
    failure ??= err;
    out.destroy();
  }
  await pump;
  if (failure) throw failure;
}

/** The workbook of `sheets` as one buffer (a report's attachment: small by its nature). */
export async function xlsxBuffer(sheets: readonly XlsxSheet[]): Promise<Buffer> {
  const parts: Uint8Array[] = [];
  await writeXlsx({ write: async (c) => parts.push(c) }, sheets);
  return Buffer.concat(parts);
}
