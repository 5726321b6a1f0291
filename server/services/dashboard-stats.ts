import type { Sql } from '../db/sql.ts';
import { dashboardStats as statsOf } from '../db/queries/dashboard-stats.ts';

/**
 * The admin dashboard's live figures (contract DashboardStats): counts, and campaigns per month
 * for the 12 months around the current one (UTC), `now` in ms.
 */
export const dashboardStats = (sql: Sql, now = Date.now()) => statsOf(sql, new Date(now).toISOString().slice(0, 7));
