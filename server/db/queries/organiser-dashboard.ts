import type { Sql } from '../sql.ts';
import type { OrganiserDashboard } from '../../../src/common/contract/organiser.ts';

/**
 * What an organiser looks for first (organiser-console §2 "Dashboard", contents ours): upcoming
 * events, bookings waiting for an answer, videos waiting for moderation. `today` is YYYY-MM-DD.
 */
export type { OrganiserDashboard };

const count = async (sql: Sql, q: string, p: (string | number)[]) => Number((await sql.get<{ n: number }>(q, p))?.n ?? 0);

/** The organiser dashboard of `companyId`: counts and the first `limit` upcoming events (from `today`, YYYY-MM-DD), open bookings and pending videos. */
export async function organiserDashboard(sql: Sql, companyId: number, today: string, limit = 5): Promise<OrganiserDashboard> {
  const upcoming = 'FROM events WHERE company_id = ? AND end_date >= ?';
  const bookings = 'FROM bookings WHERE company_id = ? AND status = 0';
  const videos =
    'FROM participant_videos v JOIN campaigns c ON c.id = v.campaign_id JOIN events e ON e.id = c.event_id WHERE e.company_id = ? AND v.status = 1';
  return {
    upcoming_events: {
      total: await count(sql, `SELECT COUNT(*) AS n ${upcoming}`, [companyId, today]),
      items: await sql.all(`SELECT id, title, start_date, end_date ${upcoming} ORDER BY start_date, id LIMIT ?`, [companyId, today, limit]),
    },
    pending_bookings: {
      total: await count(sql, `SELECT COUNT(*) AS n ${bookings}`, [companyId]),
      items: await sql.all(`SELECT id, date, name ${bookings} ORDER BY date, id LIMIT ?`, [companyId, limit]),
    },
    pending_videos: {
      total: await count(sql, `SELECT COUNT(*) AS n ${videos}`, [companyId]),
      items: await sql.all(`SELECT v.id, v.name, v.campaign_id, c.title AS campaign_title, c.event_id ${videos} ORDER BY v.id LIMIT ?`, [companyId, limit]),
    },
  };
}
