import type { Context } from 'hono';
import { stream } from 'hono/streaming';
import type { Sql } from '../db/sql.ts';
import { CSV_BOM, csvRow } from '../../src/common/csv-write.ts';
import { marks, matchingIds, orderOf, whereOf, type ListQuery, type ListSpec, type Scope } from './list-query.ts';

/** Rows read per query while streaming: bounds memory to ids + one chunk of rows. */
const CHUNK = 500;

/**
 * CSV export of a list (wire contract "Export"): every row matching `lq` within `scope`, in list
 * order, as `text/csv; charset=utf-8` attachment `<name>.csv`: BOM, header row of `spec.csv`,
 * RFC 4180, formula-safe (src/common/csv-write.ts). Rows are read and written CHUNK at a time,
 * so memory stays flat: in id order by keyset (`id > last`); in any other order the matching ids
 * are read first (numbers only) and their rows fetched chunk by chunk. Validation and the access
 * check run before the first byte, so a bad call still answers a JSON error.
 */
export async function csvExport(c: Context, sql: Sql, spec: ListSpec, lq: ListQuery, scope: Scope, name: string): Promise<Response> {
  const cols = `${spec.idCol} AS row_id, ${spec.csv.map(([, e], i) => `${e} AS c${i}`).join(', ')}`;
  const order = orderOf(spec, lq);
  const byId = new RegExp(`^${spec.idCol.replace('.', '\\.')}( ASC| DESC)?$`).exec(order);
  const ids = byId ? null : await matchingIds(sql, spec, lq, scope);
  c.header('Content-Type', 'text/csv; charset=utf-8');
  c.header('Content-Disposition', `attachment; filename="${name}.csv"`);
  c.header('Cache-Control', 'no-store');
  const line = (r: Record<string, unknown>) => csvRow(spec.csv.map((_, j) => r[`c${j}`]));
  return stream(c, async (out) => {
    await out.write(CSV_BOM + csvRow(spec.csv.map(([h]) => h)));
    if (byId) {
      const desc = byId[1] === ' DESC';
      const [where, params] = whereOf(spec, lq, scope, sql.engine);
      let last: number | null = null;
      for (;;) {
        const after = last === null ? '' : `${where ? ' AND' : 'WHERE'} ${spec.idCol} ${desc ? '<' : '>'} ?`;
        const rows: Record<string, unknown>[] = await sql.all<Record<string, unknown>>(`SELECT ${cols} FROM ${spec.from} ${where}${after} ORDER BY ${order} LIMIT ${CHUNK}`,
          last === null ? params : [...params, last]);
        if (!rows.length) break;
        await out.write(rows.map(line).join(''));
        last = Number(rows[rows.length - 1].row_id);
      }
      return;
    }
    for (let i = 0; i < ids!.length; i += CHUNK) {
      const chunk = ids!.slice(i, i + CHUNK);
      const rows = await sql.all<Record<string, unknown>>(`SELECT ${cols} FROM ${spec.from} WHERE ${spec.idCol} IN (${marks(chunk.length)})`, chunk);
      const found = new Map(rows.map((r) => [Number(r.row_id), r]));
      // A row deleted since the ids were read is skipped.
      await out.write(chunk.map((id) => found.get(id)).filter((r) => r !== undefined).map(line).join(''));
    }
  }, async (err) => { console.error('CSV export stopped:', err); });
}
