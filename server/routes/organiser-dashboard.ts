import { Hono } from 'hono';
import type { AppEnv } from '../http/context.ts';
import { ok, toId } from '../http/envelope.ts';
import { assertOrganiserAccess, requireUser } from '../http/middleware/auth.ts';
import { dashboardOf, insightsOf } from '../services/organiser-dashboard.ts';
import { mayReadPayments } from '../services/insights.ts';

/**
 * GET organiser-dashboard/{company_id}?tz= (organiser-console §2 "Dashboard"; contents ours; `tz`
 * the browser's time zone, used while the organiser has saved none):
 * data OrganiserDashboard (common/contract/organiser.ts): { upcoming_events, pending_bookings,
 * pending_videos }, each { total, items (first 5) }; services/organiser-dashboard.ts.
 * Scoped like every organiser call.
 *
 * GET organiser-dashboard/{company_id}/insights?tz= (docs/insights.md "The organiser's home"):
 * data OrganiserInsights (common/contract/insights.ts), the organiser's events together over the
 * last 30 days in the reader's days and its top 5 events; revenue only for readers who may read
 * payments (absent otherwise). 422 for an unknown `tz`.
 */
export const organiserDashboardRoutes = new Hono<AppEnv>()
  .use('*', requireUser)
  .get('/:companyId', async (c) => {
    const id = await assertOrganiserAccess(c.get('sql'), c.get('user'), toId(c.req.param('companyId')));
    return ok(c, await dashboardOf(c.get('sql'), id, c.req.query('tz')));
  })
  .get('/:companyId/insights', async (c) => {
    const id = await assertOrganiserAccess(c.get('sql'), c.get('user'), toId(c.req.param('companyId')));
    return ok(c, await insightsOf(c.get('sql'), id, c.req.query('tz'), { revenue: mayReadPayments(c.get('user')), now: c.get('config').now() }));
  });
