import { Hono } from 'hono';
import type { AppEnv } from '../http/context.ts';
import { validationError } from '../http/http-error.ts';
import { ok, toId } from '../http/envelope.ts';
import { query } from '../http/input.ts';
import { DeleteImpactQuery } from '../../src/common/contract/admin.ts';
import { assertOrganiserAccess, requireUser } from '../http/middleware/auth.ts';
import { deleteImpactOf, type DeleteScope } from '../services/delete-impact.ts';
import { campaignInScope, eventInScope } from '../http/middleware/scope.ts';

/**
 * GET deleteImpact?organizer_id= | event_id= | campaign_id=  (exactly one; contract DeleteImpactQuery)
 *   -> { events?, campaigns?, photos?, templates?, videos?, bookings?, users?, conference_users? }
 * What else a delete removes, for the console's confirmation ("This also deletes 3 campaigns
 * and 1,200 photos."). Same scope as the delete itself: 404 for an unknown id, 403 for another
 * organiser's; 422 without exactly one id.
 */
export const deleteImpactRoutes = new Hono<AppEnv>().use('/deleteImpact', requireUser).get('/deleteImpact', query(DeleteImpactQuery), async (c) => {
  const sql = c.get('sql');
  const user = c.get('user');
  const q = c.req.valid('query');
  const given = (['organizer_id', 'event_id', 'campaign_id'] as const).filter((k) => q[k]);
  if (given.length !== 1) throw validationError({ id: ['Send exactly one of organizer_id, event_id or campaign_id.'] });
  const id = toId(q[given[0]]);
  let scope: DeleteScope;
  if (given[0] === 'organizer_id') {
    await assertOrganiserAccess(sql, user, id);
    scope = { kind: 'organiser', id };
  } else if (given[0] === 'event_id') scope = { kind: 'event', id: (await eventInScope(sql, user, id)).id };
  else scope = { kind: 'campaign', id: (await campaignInScope(sql, user, id)).id };
  return ok(c, await deleteImpactOf(sql, scope));
});
