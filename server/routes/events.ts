import { Hono } from 'hono';
import type { AppEnv } from '../http/context.ts';
import { ok, pageOf, toId } from '../http/envelope.ts';
import { body, query } from '../http/input.ts';
import { removeLeftovers } from '../lib/files/images.ts';
import { assertOrganiserAccess, organiserNamed, requireUserOn } from '../http/middleware/auth.ts';
import { eventInScope, scoped } from '../http/middleware/scope.ts';
import { readListQuery } from '../db/list-query.ts';
import { scopedExport } from '../http/list-export.ts';
import { bulkAct, bulkDeleted, listInput } from '../http/list-bulk.ts';
import { EventBulkDelete, EventDelete, EventInput, EventListQuery, EventUpdate } from '../../src/common/contract/organiser.ts';
import * as events from '../services/events.ts';
import { logs, whoOf } from '../http/logs.ts';
import { cachedList } from '../http/list-routes.ts';
import { organiserToday } from '../services/organiser-day.ts';

/**
 * Events (organiser-console §2 "Events list", "Event detail"; §7). Bodies and answers: the wire
 * contract (common/contract/organiser.ts EventInput, EventUpdate, EventDelete; schemas.ts Event):
 *
 * - GET  event?organizer_id=&page=   -> paginator of Event (10 a page, latest start first)
 * - POST event          title, description, start_date, end_date (YYYY-MM-DD), organizer_id,
 *                       event_logo (data URL, PNG/JPEG/WebP ≤ 2 MB; '' or ' ' for none) -> Event
 * - GET  event/{id}     -> Event
 * - PUT  event/{id}     title, description, and optionally start_date and end_date (both, end >= start;
 *                       kept when absent) and event_logo (a data URL replaces the logo; '' or ' ' keeps it)
 * - PUT  deleteEvent (or POST) event_id   -> "Event deleted successfully"
 * - list params (q, sort, dir, per_page, when), GET event/export?organizer_id=, POST event/bulk-delete
 *   organizer_id + ids | all=1 (db/list-query.ts); the deleted events' logos are removed after.
 *   `when` (upcoming | past) is judged from the organiser's today: its saved time zone, else `tz`
 *   (the browser's), else UTC (services/organiser-day.ts; 422 for a `tz` that is not a time zone name).
 *
 * Scoped (DESIGN.md §3): a company user reaches only its own organiser's events, by any id it
 * sends (organizer_id, event id, event_id): 403 for another's, 404 for none. What each call
 * does: services/events.ts.
 */
export const eventRoutes = requireUserOn(new Hono<AppEnv>(), '/event', '/event/*', '/deleteEvent')
  .get('/event', query(EventListQuery), async (c) => {
    const organiser = await assertOrganiserAccess(c.get('sql'), c.get('user'), c.req.valid('query').organizer_id);
    const list = events.eventListOn(await organiserToday(c.get('sql'), organiser, c.req.query('tz')));
    return cachedList(c, ['events', 'organisers'], () =>
      events.listEvents(c.get('sql'), organiser, pageOf(c.req.query('page')), readListQuery(list, c.req.query()), 10, list),
    );
  })
  .get('/event/export', async (c) => {
    const organiser = await organiserNamed(c.get('sql'), c.get('user'), c.req.query(), 'organizer_id');
    const list = events.eventListOn(await organiserToday(c.get('sql'), organiser, c.req.query('tz')));
    return scopedExport(c, list, 'events', async () => events.eventScope(organiser));
  })
  .post('/event/bulk-delete', logs('events'), body(EventBulkDelete, { organizer_id: 'organizer id' }), async (c) => {
    const input = listInput(c.req.query(), c.req.valid('form'));
    const id = await organiserNamed(c.get('sql'), c.get('user'), input, 'organizer_id');
    const list = events.eventListOn(await organiserToday(c.get('sql'), id, input.tz));
    // Like deleteEvent, each event's stored images are gathered inside the transaction and removed after it.
    const images: string[] = [];
    const n = await bulkAct(c.get('sql'), list, input, events.eventScope(id), events.deleteEventsCollecting(images, id), {
      log: { who: whoOf(c), resource: 'events', organiserId: id },
    });
    await removeLeftovers(c.get('files'), images);
    return bulkDeleted(c, n);
  })
  .post('/event', logs('events'), body(EventInput), async (c) => {
    const input = c.req.valid('form');
    const organiserId = await assertOrganiserAccess(c.get('sql'), c.get('user'), input.organizer_id);
    return ok(c, await events.createEvent(c.get('sql'), c.get('files'), whoOf(c), organiserId, input), 'Event created successfully.');
  })
  .get('/event/:id', async (c) => ok(c, await eventInScope(c.get('sql'), c.get('user'), toId(c.req.param('id')))))
  .put(
    '/event/:id',
    scoped((c) => eventInScope(c.get('sql'), c.get('user'), toId(c.req.param('id')))),
    logs('events'),
    body(EventUpdate),
    async (c) => ok(c, await events.updateEvent(c.get('sql'), c.get('files'), whoOf(c), c.get('scoped'), c.req.valid('form')), 'Event updated successfully.'),
  )
  .on(['PUT', 'POST'], '/deleteEvent', logs('events'), body(EventDelete), async (c) => {
    const event = await eventInScope(c.get('sql'), c.get('user'), c.req.valid('form').event_id);
    await events.deleteEvent(c.get('sql'), c.get('files'), whoOf(c), event);
    return ok(c, null, 'Event deleted successfully');
  });
