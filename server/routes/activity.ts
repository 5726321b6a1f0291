import { Hono } from 'hono';
import type { AppEnv } from '../http/context.ts';
import { pageOf } from '../http/envelope.ts';
import { requireUser } from '../http/middleware/auth.ts';
import { readListQuery } from '../db/list-query.ts';
import { exportFormat, listExport } from '../http/list-export.ts';
import * as activity from '../services/activity.ts';
import { cachedList } from '../http/list-routes.ts';

/**
 * The activity log: GET activity?page= with `q` (record label), `actor_id`,
 * `action`, `resource`, `resource_id` (one record's History), `organizer_id`, `from`, `to`
 * (YYYY-MM-DD, UTC, both included), `sign_ins=shown` (sign-ins are left out without it, unless
 * `resource` or `action` names them), newest first, paged like every list (10 a page; `per_page` up to 100),
 * each row with its `record` and an import's `import_job` (contract ActivityRow); GET
 * activity/export: the same rows as CSV, or `.xlsx` with ?format=xlsx (itself logged as an export). Who may
 * read which rows, and whose address and browser an organiser sees: services/activity.ts. There
 * is no write route.
 */
export const activityRoutes = new Hono<AppEnv>()
  .use('*', requireUser)
  // Every write adds an entry: reused only while nothing at all was written.
  .get('/', (c) =>
    cachedList(c, undefined, () =>
      activity.listActivity(c.get('sql'), c.get('user'), pageOf(c.req.query('page')), readListQuery(activity.activityListOf(c.get('user')), c.req.query())),
    ),
  )
  .get('/export', async (c) => {
    const spec = activity.activityListOf(c.get('user'));
    const lq = readListQuery(spec, c.req.query());
    const format = exportFormat(c);
    return listExport(c, c.get('sql'), spec, lq, await activity.activityScope(c.get('sql'), c.get('user'), lq), 'activity', format);
  });
