import { Hono } from 'hono';
import type { AppEnv } from '../context.ts';
import { notFound } from '../http-error.ts';
import { ok, toId } from '../lib/http/envelope.ts';
import { assertOrganiserAccess, requireUser } from '../middleware/auth.ts';
import { companyExists } from '../db/queries/working-days.ts';
import { organiserDashboard } from '../db/queries/organiser-dashboard.ts';

/**
 * GET organiser-dashboard/{company_id} (organiser-console §2 "Dashboard"; contents ours):
 * data { upcoming_events, pending_bookings, pending_videos }, each { total, items (first 5) }.
 * Upcoming means not yet ended (end_date ≥ today, UTC). Scoped like every organiser call.
 */
export const organiserDashboardRoutes = new Hono<AppEnv>()
  .use('*', requireUser)
  .get('/:companyId', async (c) => {
    const id = await assertOrganiserAccess(c.var.sql, c.var.user, toId(c.req.param('companyId')));
    if (!(await companyExists(c.var.sql, id))) throw notFound('Organizer');
    return ok(c, await organiserDashboard(c.var.sql, id, new Date().toISOString().slice(0, 10)));
  });
