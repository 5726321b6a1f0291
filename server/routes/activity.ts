import { Hono, type Context } from 'hono';
import type { AppEnv } from '../context.ts';
import { forbidden } from '../http-error.ts';
import { ok, pageOf } from '../lib/http/envelope.ts';
import { mayOpen, requireUser } from '../middleware/auth.ts';
import { ALL, readListQuery, type ListQuery, type Scope } from '../db/list-query.ts';
import { csvExport } from '../lib/http/list-export.ts';
import * as q from '../db/queries/activity.ts';

/**
 * Who may read which activity (issue 21 §2): an organiser's user reads its own organiser's rows
 * only (any `organizer_id` it sends must be its own); staff need the screen `activity` (a menu)
 * and the ability "View activity" (admin holds both). Rows are never changed through the API:
 * there is no write route.
 */
async function readScope(c: Context<AppEnv>): Promise<{ lq: ListQuery; scope: Scope }> {
  const lq = readListQuery(q.ACTIVITY_LIST, c.req.query());
  const u = c.var.user;
  if (u.isCompany) {
    if (lq.filters.organizer_id && Number(lq.filters.organizer_id) !== u.companyId) throw forbidden('This organiser is not yours.');
    return { lq, scope: { where: 'a.organizer_id = ?', params: [u.companyId ?? 0] } };
  }
  if (!u.abilities.has('activity.view') || !(await mayOpen(c.var.sql, u, 'activity'))) throw forbidden('You do not have the permission to view activity.');
  return { lq, scope: ALL };
}

/**
 * The activity log (issue 21 §2, §3): GET activity?page= with `q` (record label), `actor_id`,
 * `action`, `resource`, `resource_id` (one record's History), `organizer_id`, `from`, `to`
 * (YYYY-MM-DD, UTC, both included), newest first, paged like every list (10 a page; `per_page`
 * up to 100); GET activity/export: the same rows as CSV (itself logged as an export).
 */
export const activityRoutes = new Hono<AppEnv>()
  .use('*', requireUser)
  .get('/', async (c) => {
    const { lq, scope } = await readScope(c);
    return ok(c, await q.listActivity(c.var.sql, pageOf(c.req.query('page')), lq, scope));
  })
  .get('/export', async (c) => {
    const { lq, scope } = await readScope(c);
    return csvExport(c, c.var.sql, q.ACTIVITY_LIST, lq, scope, 'activity');
  });
