import type { Context } from 'hono';
import type { AppEnv } from './context.ts';
import { stream } from 'hono/streaming';
import type { Sql } from '../db/sql.ts';
import { CSV_BOM, csvRow } from '../../src/common/csv-write.ts';
import { EXPORT_FORMATS, XLSX_TYPE, type ExportFormat } from '../../src/common/list-export.ts';
import { readListQuery, type ListQuery, type ListSpec, type Scope } from '../db/list-query.ts';
import { rowsInListOrder } from '../db/list-rows.ts';
import { writeXlsx, type XlsxColumnKind } from '../lib/spreadsheets/xlsx-write.ts';
import { log } from '../runtime/log.ts';
import { ApiError } from './http-error.ts';
import { loggedPath } from './logged-path.ts';

/**
 * The `format` query parameter of an export: `csv` (the default, also when empty) or `xlsx`;
 * anything else is a 422 on `format`. Read before the access check's work, like the list params.
 */
export function exportFormat(c: Context): ExportFormat {
  const f = c.req.query('format') || 'csv';
  if (!(EXPORT_FORMATS as readonly string[]).includes(f))
    throw new ApiError(422, 'The selected format is invalid.', { format: ['The selected format is invalid.'] });
  return f as ExportFormat;
}

/**
 * Export of a list (wire contract "Export"): every row matching `lq` within `scope`, in list
 * order, as the attachment `<name>.csv` or `<name>.xlsx` (`format`, default exportFormat(c)).
 * - CSV, `text/csv; charset=utf-8`: BOM, header row of `spec.csv` (the `spec.csvTimes` columns'
 *   ms written as ISO 8601), RFC 4180, formula-safe (src/common/csv-write.ts).
 * - `.xlsx`: one sheet `<name>` with the same header and rows, `spec.csvTimes`
 *   columns as dates (UTC), `spec.csvDates` text days as dates, numbers as numbers, text as text
 *   (never a formula; lib/spreadsheets/xlsx-write.ts).
 * Rows are read and written a chunk at a time (db/list-rows.ts), so memory stays flat (the
 * workbook's zip waits for the reader, xlsx-write.ts). Validation and the access check run
 * before the first byte, so a bad call still answers a JSON error.
 */
export async function listExport(
  c: Context,
  sql: Sql,
  spec: ListSpec,
  lq: ListQuery,
  scope: Scope,
  name: string,
  format: ExportFormat = exportFormat(c),
): Promise<Response> {
  c.header('Content-Type', format === 'xlsx' ? XLSX_TYPE : 'text/csv; charset=utf-8');
  c.header('Content-Disposition', `attachment; filename="${name}.${format}"`);
  c.header('Cache-Control', 'no-store');
  const rows = () => rowsInListOrder(sql, spec, lq, scope);
  const failed = (err: unknown) => log.error({ err, req_id: c.get('requestId'), path: loggedPath(c.req.path) }, 'list export stopped');
  if (format === 'xlsx') {
    const times = new Set(spec.csvTimes ?? []);
    const dates = new Set(spec.csvDates ?? []);
    const columns = spec.csv.map(([header]) => ({
      header,
      kind: (times.has(header) ? 'time' : dates.has(header) ? 'date' : 'value') as XlsxColumnKind,
    }));
    const chunks = async function* () {
      for await (const chunk of rows()) yield chunk.map((r) => spec.csv.map((_, j) => r[`c${j}`]));
    };
    return stream(
      c,
      (out) => writeXlsx(out, [{ name, columns, rows: chunks() }]),
      async (err) => failed(err),
    );
  }
  const times = new Set(spec.csvTimes ?? []);
  const cell = (header: string, v: unknown) => (times.has(header) && v != null && v !== '' ? new Date(Number(v)).toISOString() : v);
  const line = (r: Record<string, unknown>) => csvRow(spec.csv.map(([h], j) => cell(h, r[`c${j}`])));
  return stream(
    c,
    async (out) => {
      await out.write(CSV_BOM + csvRow(spec.csv.map(([h]) => h)));
      for await (const chunk of rows()) await out.write(chunk.map(line).join(''));
    },
    async (err) => failed(err),
  );
}

/**
 * The export route of a scoped list: reads the list params and `format` of the query string
 * (422 for bad ones), then `scopeOf(query)` (the route's access check: 422, 403, 404), then answers
 * listExport as `<name>.csv` or `<name>.xlsx`. Example: `.get('/event/export', (c) => scopedExport(c, EVENT_LIST, 'events', …))`.
 */
export async function scopedExport(
  c: Context<AppEnv>,
  spec: ListSpec,
  name: string,
  scopeOf: (query: Record<string, string>) => Promise<Scope>,
): Promise<Response> {
  const lq = readListQuery(spec, c.req.query());
  const format = exportFormat(c);
  return listExport(c, c.get('sql'), spec, lq, await scopeOf(c.req.query()), name, format);
}
