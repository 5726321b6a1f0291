import type { Context } from 'hono';
import type { AppEnv } from './context.ts';
import { stream } from 'hono/streaming';
import type { Sql } from '../db/sql.ts';
import { CSV_BOM, csvRow } from '../../src/common/csv-write.ts';
import { readListQuery, type ListQuery, type ListSpec, type Scope } from '../db/list-query.ts';
import { rowsInListOrder } from '../db/list-rows.ts';
import { log } from '../runtime/log.ts';
import { loggedPath } from './logged-path.ts';

/**
 * CSV export of a list (wire contract "Export"): every row matching `lq` within `scope`, in list
 * order, as `text/csv; charset=utf-8` attachment `<name>.csv`: BOM, header row of `spec.csv`
 * (the `spec.csvTimes` columns' ms written as ISO 8601),
 * RFC 4180, formula-safe (src/common/csv-write.ts). Rows are read and written a chunk at a time
 * (db/list-rows.ts), so memory stays flat. Validation and the access check run before the first
 * byte, so a bad call still answers a JSON error.
 */
export async function csvExport(c: Context, sql: Sql, spec: ListSpec, lq: ListQuery, scope: Scope, name: string): Promise<Response> {
  c.header('Content-Type', 'text/csv; charset=utf-8');
  c.header('Content-Disposition', `attachment; filename="${name}.csv"`);
  c.header('Cache-Control', 'no-store');
  const times = new Set(spec.csvTimes ?? []);
  const cell = (header: string, v: unknown) => (times.has(header) && v != null && v !== '' ? new Date(Number(v)).toISOString() : v);
  const line = (r: Record<string, unknown>) => csvRow(spec.csv.map(([h], j) => cell(h, r[`c${j}`])));
  return stream(
    c,
    async (out) => {
      await out.write(CSV_BOM + csvRow(spec.csv.map(([h]) => h)));
      for await (const rows of rowsInListOrder(sql, spec, lq, scope)) await out.write(rows.map(line).join(''));
    },
    async (err) => {
      log.error({ err, req_id: c.get('requestId'), path: loggedPath(c.req.path) }, 'CSV export stopped');
    },
  );
}

/**
 * The export route of a scoped list: reads the list params of the query string (422 for bad
 * ones), then `scopeOf(query)` (the route's access check: 422, 403, 404), then answers csvExport
 * as `<name>.csv`. Example: `.get('/event/export', (c) => scopedExport(c, sql, EVENT_LIST, 'events', …))`.
 */
export async function scopedExport(
  c: Context<AppEnv>,
  spec: ListSpec,
  name: string,
  scopeOf: (query: Record<string, string>) => Promise<Scope>,
): Promise<Response> {
  const lq = readListQuery(spec, c.req.query());
  return csvExport(c, c.var.sql, spec, lq, await scopeOf(c.req.query()), name);
}
