import { Hono } from 'hono';
import type { AppEnv } from '../context.ts';
import type { Sql } from '../db/sql.ts';
import type { AuthUser } from '../db/queries/auth.ts';
import { notFound, validationError } from '../http-error.ts';
import { ok, pageOf, readBody, toId } from '../lib/envelope.ts';
import { date, integer, maxLength, required, str, validate } from '../lib/validate.ts';
import { decodeImage, removeStoredImage, storeImage } from '../lib/images.ts';
import { assertOrganiserAccess, requireUser } from '../middleware/auth.ts';
import { companyExists } from '../db/queries/holiday.ts';
import * as q from '../db/queries/events.ts';
import { marks, readListQuery } from '../lib/list-query.ts';
import { csvExport } from '../lib/list-export.ts';
import { bulkAct, bulkDeleted, listInput } from '../lib/list-bulk.ts';

/**
 * The event an id names, after the organiser check: 404 when there is none, 403 when it belongs
 * to another organiser than a company user's own. Shared by the photo routes.
 */
export async function eventInScope(sql: Sql, user: AuthUser, eventId: number): Promise<q.Event> {
  const event = Number.isInteger(eventId) ? await q.getEvent(sql, eventId) : undefined;
  if (!event) throw notFound('Event');
  await assertOrganiserAccess(sql, user, event.organizer_id);
  return event;
}

/** The organiser named by `organizer_id` of a list call, after the access check (422, 403). */
async function organiserOf(sql: Sql, user: AuthUser, input: Record<string, string | undefined>): Promise<number> {
  const v = { organizer_id: input.organizer_id ?? '' };
  validate(v, { organizer_id: [required, integer] }, { organizer_id: 'organizer id' });
  return assertOrganiserAccess(sql, user, toId(v.organizer_id));
}

const eventRules = { title: [required, maxLength(255)], description: [maxLength(5000)] };

/**
 * Events (organiser-console §2 "Events list", "Event detail"; §7):
 *
 * - GET  event?organizer_id=&page=   -> paginator of Event (10 a page, latest start first)
 * - POST event          form title, description, start_date, end_date (YYYY-MM-DD), organizer_id,
 *                       event_logo (data URL, PNG/JPEG/WebP ≤ 2 MB; '' or ' ' for none)
 * - GET  event/{id}     -> Event { id, title, description, start_date, end_date, organizer_id, logo }
 * - PUT  event/{id}     form title, description
 * - PUT  deleteEvent (or POST) form event_id   -> "Event deleted successfully"
 *
 * - list params (q, sort, dir, per_page, when), GET event/export?organizer_id=, POST event/bulk-delete
 *   form organizer_id + ids | all=1 (lib/list-query.ts); the deleted events' logos are removed after.
 *
 * Scoped (DESIGN.md §3): a company user reaches only its own organiser's events, by any id it
 * sends (organizer_id, event id, event_id): 403 for another's, 404 for none.
 */
export const eventRoutes = new Hono<AppEnv>()
  .use('/event', requireUser)
  .use('/event/*', requireUser)
  .use('/deleteEvent', requireUser)
  .get('/event', async (c) => {
    const query = { organizer_id: c.req.query('organizer_id') ?? '' };
    validate(query, { organizer_id: [required, integer] }, { organizer_id: 'organizer id' });
    const id = await assertOrganiserAccess(c.var.sql, c.var.user, toId(query.organizer_id));
    return ok(c, await q.listEvents(c.var.sql, id, pageOf(c.req.query('page')), readListQuery(q.EVENT_LIST, c.req.query())));
  })
  .get('/event/export', async (c) => {
    const lq = readListQuery(q.EVENT_LIST, c.req.query());
    const id = await organiserOf(c.var.sql, c.var.user, c.req.query());
    return csvExport(c, c.var.sql, q.EVENT_LIST, lq, q.eventScope(id), 'events');
  })
  .post('/event/bulk-delete', async (c) => {
    const input = listInput(c.req.query(), await readBody(c));
    const id = await organiserOf(c.var.sql, c.var.user, input);
    const logos: string[] = [];
    const n = await bulkAct(c.var.sql, q.EVENT_LIST, input, q.eventScope(id), async (tx, ids) => {
      logos.push(...(await tx.all<{ logo: string }>(`SELECT logo FROM events WHERE id IN (${marks(ids.length)})`, ids)).map((r) => r.logo));
      return tx.run(`DELETE FROM events WHERE id IN (${marks(ids.length)})`, ids);
    });
    for (const logo of logos) await removeStoredImage(c.var.config.dataDir, logo);
    return bulkDeleted(c, n);
  })
  .post('/event', async (c) => {
    const body = await readBody(c);
    validate(body, { ...eventRules, start_date: [required, date], end_date: [required, date], organizer_id: [required, integer] },
      { organizer_id: 'organizer id', start_date: 'start date', end_date: 'end date' });
    if (str(body, 'end_date') < str(body, 'start_date')) throw validationError({ end_date: ['The end date must be a date after or equal to start date.'] });
    const organizerId = await assertOrganiserAccess(c.var.sql, c.var.user, toId(str(body, 'organizer_id')));
    const logo = decodeImage(body.event_logo, 'event_logo');
    if (!(await companyExists(c.var.sql, organizerId))) throw notFound('Organizer');
    const dataDir = c.var.config.dataDir;
    const url = logo ? await storeImage(dataDir, logo, 'events') : '';
    try {
      const id = await c.var.sql.transaction((tx) => q.createEvent(tx, {
        organizer_id: organizerId, title: str(body, 'title').trim(), description: str(body, 'description'),
        start_date: str(body, 'start_date'), end_date: str(body, 'end_date'), logo: url,
      }));
      return ok(c, await q.getEvent(c.var.sql, id), 'Event created successfully.');
    } catch (err) {
      await removeStoredImage(dataDir, url);
      throw err;
    }
  })
  .get('/event/:id', async (c) => ok(c, await eventInScope(c.var.sql, c.var.user, toId(c.req.param('id')))))
  .put('/event/:id', async (c) => {
    const event = await eventInScope(c.var.sql, c.var.user, toId(c.req.param('id')));
    const body = await readBody(c);
    validate(body, eventRules);
    await c.var.sql.transaction((tx) => q.updateEvent(tx, event.id, str(body, 'title').trim(), str(body, 'description')));
    return ok(c, await q.getEvent(c.var.sql, event.id), 'Event updated successfully.');
  })
  .on(['PUT', 'POST'], '/deleteEvent', async (c) => {
    const body = await readBody(c);
    validate(body, { event_id: [required, integer] }, { event_id: 'event id' });
    const event = await eventInScope(c.var.sql, c.var.user, toId(str(body, 'event_id')));
    await c.var.sql.transaction((tx) => q.deleteEvent(tx, event.id));
    await removeStoredImage(c.var.config.dataDir, event.logo);
    return ok(c, null, 'Event deleted successfully');
  });
