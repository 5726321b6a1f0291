import type { Sql } from '../sql.ts';
import type { DashboardStats } from '../../../src/common/contract/admin.ts';

/**
 * The admin dashboard's live figures (contents ours; admin-area §1 keeps its four sample boxes):
 * how many organisers, events and event photos there are, how many participant videos wait
 * for moderation (status 1), and campaigns per month of their start date for the 12 months
 * around `month` (YYYY-MM: six before it, then it and five after, so campaigns already planned
 * show too), oldest first, months without campaigns included as 0.
 */
export type { DashboardStats };

const count = async (sql: Sql, q: string, p: (string | number)[] = []) => Number((await sql.get<{ n: number }>(q, p))?.n ?? 0);

/** The 12 months around `month` (YYYY-MM): the six before it, it, and the five after; oldest first. */
export function monthsAround(month: string): string[] {
  const [y, m] = month.split('-').map(Number);
  return Array.from({ length: 12 }, (_, i) => {
    const d = new Date(Date.UTC(y, m - 7 + i, 1));
    return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
  });
}

/** The dashboard figures (DashboardStats above) with campaigns per month for the 12 months around `month` (YYYY-MM; the route passes the current UTC month). */
export async function dashboardStats(sql: Sql, month: string): Promise<Required<Omit<DashboardStats, 'screens'>>> {
  const months = monthsAround(month);
  const rows = await sql.all<{ month: string; n: number }>(
    `SELECT substr(start_date, 1, 7) AS month, COUNT(*) AS n FROM campaigns
     WHERE substr(start_date, 1, 7) >= ? AND substr(start_date, 1, 7) <= ? GROUP BY substr(start_date, 1, 7)`,
    [months[0], months[11]],
  );
  const per = new Map(rows.map((r) => [r.month, Number(r.n)]));
  return {
    organisers: await count(sql, 'SELECT COUNT(*) AS n FROM companies'),
    events: await count(sql, 'SELECT COUNT(*) AS n FROM events'),
    photos: await count(sql, 'SELECT COUNT(*) AS n FROM event_photos'),
    videos_waiting: await count(sql, 'SELECT COUNT(*) AS n FROM participant_videos WHERE status = 1'),
    campaigns_per_month: months.map((m) => ({ month: m, campaigns: per.get(m) ?? 0 })),
  };
}
