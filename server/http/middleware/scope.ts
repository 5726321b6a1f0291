import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../context.ts';
import type { Sql } from '../../db/sql.ts';
import type { AuthUser } from '../../db/queries/auth.ts';
import { notFound } from '../http-error.ts';
import { assertOrganiserAccess } from './auth.ts';
import { ownedRowById, ownedTable, type OwnedRow } from '../../db/tenancy.ts';
import type { OwnedTableName } from '../../../src/common/resources.ts';
import { EVENT_COLUMNS, type Event } from '../../db/queries/events.ts';
import { CAMPAIGN_SCOPE_COLUMNS, type CampaignScope } from '../../db/queries/campaigns.ts';

/**
 * The organiser scope of every organiser-console call (DESIGN.md §3), from the owners the
 * resources declare (src/common/resources.ts `owns`; SQL: db/tenancy.ts). A route that reaches
 * an organiser's record by an id it was sent resolves it here: 404 "<noun> not found." when
 * there is none, 403 when a company user's organiser does not own it (or it has no organiser),
 * or when a staff user may not open the Organizers screen; 404 instead of that 403 for a call
 * made with an API token.
 */

/**
 * The row of owned table `table` that `id` names, with `columns` (the table's own select list)
 * and its organiser as `tenant_owner`, after the organiser check (404, 403; see the module's comment).
 */
export async function inScope<T>(sql: Sql, user: AuthUser, table: OwnedTableName, id: number, columns: string): Promise<OwnedRow<T>> {
  const row = await ownedRowById<T>(sql, table, id, columns);
  if (!row) throw notFound(ownedTable(table).noun);
  // A row with no organiser (a staff-made recognition event) is no company user's: -1 matches no organiser.
  // To an API token a record its owner may not reach is none at all (404): a token learns nothing of other organisers' ids.
  await assertOrganiserAccess(sql, user, row.tenant_owner ?? -1).catch((err: unknown) => {
    throw user.apiToken ? notFound(ownedTable(table).noun) : err;
  });
  return row;
}

/** The event an id names, after the organiser check (inScope on `events`). Shared by the event, photo and participant routes. */
export async function eventInScope(sql: Sql, user: AuthUser, eventId: number): Promise<Event> {
  const { tenant_owner: _, ...event } = await inScope<Event>(sql, user, 'events', eventId, EVENT_COLUMNS);
  return event;
}

/**
 * The campaign an id names with its event and organiser (company_id), after the organiser check
 * (inScope on `campaigns`). Shared by the campaign, template, video and conference-user routes.
 */
export async function campaignInScope(sql: Sql, user: AuthUser, campaignId: number): Promise<CampaignScope> {
  const { tenant_owner, ...campaign } = await inScope<Omit<CampaignScope, 'company_id'>>(sql, user, 'campaigns', campaignId, CAMPAIGN_SCOPE_COLUMNS);
  return { ...campaign, company_id: tenant_owner! };
}

/**
 * The record a path names, found and access-checked before the body is read (who may call comes
 * first: 404/403, then what they sent: 422): `find(c)` resolves to it (or throws), and the
 * handler takes it as `c.get('scoped')`, typed. Example:
 *   .put('/event/:id', scoped((c) => eventInScope(c.get('sql'), c.get('user'), toId(c.req.param('id')))), body(EventUpdate),
 *     (c) => update(c.get('scoped'), c.req.valid('form')))
 */
export const scoped = <T>(find: (c: Context<AppEnv>) => Promise<T>) =>
  createMiddleware<{ Variables: { scoped: T } }>(async (c, next) => {
    c.set('scoped', await find(c as unknown as Context<AppEnv>));
    await next();
  });
