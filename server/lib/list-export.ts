import type { Context } from 'hono';
import { stream } from 'hono/streaming';
import type { Sql } from '../db/sql.ts';
import { CSV_BOM, csvRow } from '../../src/common/csv-write.ts';
import { marks, matchingIds, type ListQuery, type ListSpec, type Scope } from './list-query.ts';

/** Rows read per query while streaming: bounds memory to ids + one chunk of rows. */
const CHUNK = 500;

/**
 * CSV export of a list (wire contract "Export"): every row matching `lq` within `scope`, in list
 * order, as `text/csv; charset=utf-8` attachment `<name>.csv`: BOM, header row of `spec.csv`,
 * RFC 4180, formula-safe (src/common/csv-write.ts). The matching ids are read before the first
 * byte (so a bad query still answers a JSON error), then rows are read and written CHUNK at a time.
 */
export async function csvExport(c: Context, sql: Sql, spec: ListSpec, lq: ListQuery, scope: Scope, name: string): Promise<Response> {
  const ids = await matchingIds(sql, spec, lq, scope);
  const select = `SELECT ${spec.idCol} AS row_id, ${spec.csv.map(([, e], i) => `${e} AS c${i}`).join(', ')} FROM ${spec.from} WHERE ${spec.idCol} IN `;
  c.header('Content-Type', 'text/csv; charset=utf-8');
  c.header('Content-Disposition', `attachment; filename="${name}.csv"`);
  c.header('Cache-Control', 'no-store');
  return stream(c, async (out) => {
    await out.write(CSV_BOM + csvRow(spec.csv.map(([h]) => h)));
    for (let i = 0; i < ids.length; i += CHUNK) {
      const chunk = ids.slice(i, i + CHUNK);
      const rows = await sql.all<Record<string, unknown>>(`${select}(${marks(chunk.length)})`, chunk);
      const byId = new Map(rows.map((r) => [Number(r.row_id), r]));
      let text = '';
      for (const id of chunk) {
        const r = byId.get(id);
        // A row deleted since the ids were read is skipped.
        if (r) text += csvRow(spec.csv.map((_, j) => r[`c${j}`]));
      }
      await out.write(text);
    }
  }, async (err) => { console.error('CSV export stopped:', err); });
}
