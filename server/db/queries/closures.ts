import type { Sql } from '../sql.ts';
import { ownedRowCondition } from '../tenancy.ts';

/** One closed date of an organiser (migration 027). */
export interface ClosureRow {
  id: number;
  company_id: number;
  date: string;
  note: string;
}

/** Organiser `companyId`'s closed dates, earliest first. */
export const closuresOf = async (sql: Sql, companyId: number) =>
  (await sql.all<ClosureRow>('SELECT id, company_id, date, note FROM closures WHERE company_id = ? ORDER BY date', [companyId])).map((r) => ({
    ...r,
    id: Number(r.id),
    company_id: Number(r.company_id),
  }));

/** The closure with this id, or undefined. */
export async function closure(sql: Sql, id: number): Promise<ClosureRow | undefined> {
  const r = await sql.get<ClosureRow>('SELECT id, company_id, date, note FROM closures WHERE id = ?', [id]);
  return r && { ...r, id: Number(r.id), company_id: Number(r.company_id) };
}

/** Adds a closed date; resolves to its id, or null when the date was already closed. Run inside a transaction. */
export const insertClosure = async (sql: Sql, companyId: number, date: string, note: string) =>
  (
    await sql.get<{ id: number }>(
      'INSERT INTO closures (company_id, date, note, created_at) VALUES (?, ?, ?, ?) ON CONFLICT (company_id, date) DO NOTHING RETURNING id',
      [companyId, date, note, Date.now()],
    )
  )?.id ?? null;

/** Removes a closure of organiser `organiserId`; resolves to the rows removed (0: not its). */
export const deleteClosure = (sql: Sql, organiserId: number, id: number) => {
  const [where, params] = ownedRowCondition('closures', id, organiserId);
  return sql.run(`DELETE FROM closures WHERE ${where}`, params);
};

/** How many of the bookings `ids` fall on a date their organiser has closed. */
export async function closedBookings(sql: Sql, ids: number[]): Promise<number> {
  if (!ids.length) return 0;
  const r = await sql.get<{ n: number }>(
    `SELECT COUNT(*) AS n FROM bookings b JOIN closures c ON c.company_id = b.company_id AND c.date = b.date WHERE b.id IN (${ids.map(() => '?').join(', ')})`,
    ids,
  );
  return Number(r?.n ?? 0);
}
