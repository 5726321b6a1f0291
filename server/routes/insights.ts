import { Hono } from 'hono';
import type { AppEnv } from '../http/context.ts';
import { ok, toId } from '../http/envelope.ts';
import { assertOrganiserAccess, requireUserOn } from '../http/middleware/auth.ts';
import { notFound } from '../http/http-error.ts';
import { ownedRowById } from '../db/tenancy.ts';
import { timeZoneOf } from '../db/queries/organisers.ts';
import { eventInsights, mayReadPayments, readInsightsRange } from '../services/insights.ts';

/**
 * GET event/{id}/insights?from=&to=&tz= (docs/insights.md) -> EventInsights
 * (common/contract/insights.ts): the event's daily series over the range, in the reader's days.
 * The event is found through its declared owner (db/tenancy.ts): another organiser's event and
 * an event that does not exist both answer 404 "Event not found."; staff need the Organizers
 * screen with View organizers (403 otherwise). A bad range is a 422 by field. `tz` defaults to
 * the organiser's saved time zone, else UTC.
 */
export const insightRoutes = requireUserOn(new Hono<AppEnv>(), '/event/:id/insights').get('/event/:id/insights', async (c) => {
  const user = c.get('user');
  const event = await ownedRowById<{ id: number }>(c.get('sql'), 'events', toId(c.req.param('id')), 'id');
  if (!event || (user.isCompany && event.tenant_owner !== user.companyId)) throw notFound('Event');
  const organiser = await assertOrganiserAccess(c.get('sql'), user, event.tenant_owner ?? -1);
  const range = readInsightsRange(c.req.query(), (await timeZoneOf(c.get('sql'), organiser)) ?? '');
  return ok(c, await eventInsights(c.get('sql'), event.id, range, { revenue: mayReadPayments(user) }));
});
