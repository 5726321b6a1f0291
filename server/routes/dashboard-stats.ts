import { Hono } from 'hono';
import type { AppEnv } from '../http/context.ts';
import { ok } from '../http/envelope.ts';
import { requireUser } from '../http/middleware/auth.ts';
import { forbidden } from '../http/http-error.ts';
import { dashboardStats, platformFigures } from '../services/dashboard-stats.ts';

/**
 * GET dashboard-stats (the admin dashboard's live figures; contents ours): data { screens:
 * [{ key, count }] for each screen the caller may open that has a figure; with the Organizers
 * screen also organisers, events, photos, videos_waiting, campaigns_per_month: [{ month:
 * 'YYYY-MM', campaigns }] × 12 }. Any staff user (401 signed out; 403 for an organiser's sign-in).
 *
 * GET dashboard-stats/platform?tz= (docs/insights.md "The administrators' dashboard"): data
 * PlatformFigures, the platform's figures per week over the last 12 weeks, each only for staff
 * who may open the screen it comes from; 422 for an unknown `tz`; 403 for an organiser's sign-in.
 */
export const dashboardStatsRoutes = new Hono<AppEnv>()
  .use('*', requireUser)
  .get('/', async (c) => {
    if (c.get('user').isCompany) throw forbidden('You are not allowed to do this.');
    return ok(c, await dashboardStats(c.get('sql'), c.get('user')));
  })
  .get('/platform', async (c) => {
    if (c.get('user').isCompany) throw forbidden('You are not allowed to do this.');
    return ok(c, await platformFigures(c.get('sql'), c.get('user'), c.req.query('tz'), c.get('config').now()));
  });
