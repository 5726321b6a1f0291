import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../context.ts';
import type { Sql } from '../db/sql.ts';
import type { AuthUser } from '../db/queries/auth.ts';
import { notFound } from '../http-error.ts';
import { assertOrganiserAccess } from './auth.ts';
import { getEvent, type Event } from '../db/queries/events.ts';
import { campaignScope, type CampaignScope } from '../db/queries/campaigns.ts';

/**
 * The event an id names, after the organiser check: 404 when there is none, 403 when it belongs
 * to another organiser than a company user's own. Shared by the event and photo routes.
 */
export async function eventInScope(sql: Sql, user: AuthUser, eventId: number): Promise<Event> {
  const event = Number.isInteger(eventId) ? await getEvent(sql, eventId) : undefined;
  if (!event) throw notFound('Event');
  await assertOrganiserAccess(sql, user, event.organizer_id);
  return event;
}

/**
 * The campaign an id names, after the organiser check (DESIGN.md §3): 404 when there is none,
 * 403 when its event belongs to another organiser than a company user's own. Shared by the
 * template, video and conference-user routes.
 */
export async function campaignInScope(sql: Sql, user: AuthUser, campaignId: number): Promise<CampaignScope> {
  const scope = Number.isInteger(campaignId) ? await campaignScope(sql, campaignId) : undefined;
  if (!scope) throw notFound('Campaign');
  await assertOrganiserAccess(sql, user, scope.company_id);
  return scope;
}

/**
 * The record a path names, found and access-checked before the body is read (who may call comes
 * first: 404/403, then what they sent: 422): `find(c)` resolves to it (or throws), and the
 * handler takes it as `c.var.scoped`, typed. Example:
 *   .put('/event/:id', scoped((c) => eventInScope(c.var.sql, c.var.user, toId(c.req.param('id')))), body(EventUpdate),
 *     (c) => update(c.var.scoped, c.req.valid('form')))
 */
export const scoped = <T>(find: (c: Context<AppEnv>) => Promise<T>) =>
  createMiddleware<{ Variables: { scoped: T } }>(async (c, next) => {
    c.set('scoped', await find(c as unknown as Context<AppEnv>));
    await next();
  });
