import { Hono } from 'hono';
import type { AppEnv } from '../context.ts';
import { ok } from '../lib/http/envelope.ts';
import { requireScreen, requireUser } from '../middleware/auth.ts';
import { dashboardStats } from '../services/dashboard-stats.ts';

/**
 * GET dashboard-stats (the admin dashboard's live figures; contents ours): data { organisers,
 * events, photos, videos_waiting, campaigns_per_month: [{ month: 'YYYY-MM', campaigns }] × 12 }.
 * Needs screen `organizers`, since it counts every organiser's data (others: 403).
 */
export const dashboardStatsRoutes = new Hono<AppEnv>()
  .use('*', requireUser)
  .get('/', requireScreen('organizers'), async (c) => ok(c, await dashboardStats(c.var.sql)));
