import type { Sql } from '../sql.ts';

/** Working days of an organiser (organiser-console §3: day ids 1 Sunday .. 7 Saturday), ascending. */
export const workingDays = async (sql: Sql, companyId: number) =>
  (await sql.all<{ day_id: number }>('SELECT day_id FROM company_days WHERE company_id = ? ORDER BY day_id', [companyId])).map((r) => Number(r.day_id));

/** Replaces the organiser's working days with `days` (ids 1..7, already checked). Run inside a transaction. */
export async function replaceWorkingDays(sql: Sql, companyId: number, days: number[]): Promise<void> {
  await sql.run('DELETE FROM company_days WHERE company_id = ?', [companyId]);
  await sql.runMany(
    'INSERT INTO company_days (company_id, day_id) VALUES (?, ?) ON CONFLICT DO NOTHING',
    days.map((d) => [companyId, d]),
  );
}

/** True when an organiser (company) with this id exists. */
export const companyExists = async (sql: Sql, companyId: number) => !!(await sql.get('SELECT id FROM companies WHERE id = ?', [companyId]));
