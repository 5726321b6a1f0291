import { Hono } from 'hono';
import type { AppEnv } from '../context.ts';
import { notFound, validationError } from '../http-error.ts';
import { ok, pageOf, readBody, toId } from '../lib/http/envelope.ts';
import { date, integer, maxLength, required, requiredId, recordId, str, validate } from '../lib/http/validate.ts';
import { decodeImage, removeLeftovers, removeStoredImage, storeImage } from '../lib/files/images.ts';
import { deleteCollectingImages } from '../db/queries/leftovers.ts';
import { withinQuota } from '../lib/files/quota.ts';
import { recordImageBytes } from '../db/queries/storage.ts';
import { assertOrganiserAccess, requireUser } from '../middleware/auth.ts';
import { companyExists } from '../db/queries/working-days.ts';
import * as q from '../db/queries/events.ts';
import { eventInScope } from '../middleware/scope.ts';
import type { Sql } from '../db/sql.ts';
import type { AuthUser } from '../db/queries/auth.ts';
import { readListQuery } from '../db/list-query.ts';
import { csvExport } from '../lib/http/list-export.ts';
import { bulkAct, bulkDeleted, listInput } from '../lib/http/list-bulk.ts';

/** The organiser named by `organizer_id` of a list call, after the access check (422, 403). */
const organiserOf = (sql: Sql, user: AuthUser, input: Record<string, string | undefined>) =>
  assertOrganiserAccess(sql, user, requiredId(input.organizer_id, 'organizer_id'));

const eventRules = { title: [required, maxLength(255)], description: [maxLength(5000)] };

/**
 * Events (organiser-console §2 "Events list", "Event detail"; §7):
 *
 * - GET  event?organizer_id=&page=   -> paginator of Event (10 a page, latest start first)
 * - POST event          form title, description, start_date, end_date (YYYY-MM-DD), organizer_id,
 *                       event_logo (data URL, PNG/JPEG/WebP ≤ 2 MB; '' or ' ' for none)
 * - GET  event/{id}     -> Event { id, title, description, start_date, end_date, organizer_id, logo }
 * - PUT  event/{id}     form title, description, and optionally start_date and end_date (both, end >= start;
 *                       kept when absent) and event_logo (a data URL replaces the logo; '' or ' ' keeps it)
 * - PUT  deleteEvent (or POST) form event_id   -> "Event deleted successfully"
 *
 * - list params (q, sort, dir, per_page, when), GET event/export?organizer_id=, POST event/bulk-delete
 *   form organizer_id + ids | all=1 (db/list-query.ts); the deleted events' logos are removed after.
 *
 * Scoped (DESIGN.md §3): a company user reaches only its own organiser's events, by any id it
 * sends (organizer_id, event id, event_id): 403 for another's, 404 for none.
 */
export const eventRoutes = new Hono<AppEnv>()
  .use('/event', requireUser)
  .use('/event/*', requireUser)
  .use('/deleteEvent', requireUser)
  .get('/event', async (c) => {
    const id = await organiserOf(c.var.sql, c.var.user, c.req.query());
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
    // Like deleteEvent, each event's stored images are gathered inside the transaction and removed after it.
    const images: string[] = [];
    const n = await bulkAct(c.var.sql, q.EVENT_LIST, input, q.eventScope(id), async (tx, ids) => {
      images.push(...(await deleteCollectingImages(tx, 'event', ids, q.deleteEvent)));
      return ids.length;
    });
    await removeLeftovers(c.var.files, images);
    return bulkDeleted(c, n);
  })
  .post('/event', async (c) => {
    const body = await readBody(c);
    validate(body, { ...eventRules, start_date: [required, date], end_date: [required, date], organizer_id: [required, recordId] },
      { organizer_id: 'organizer id', start_date: 'start date', end_date: 'end date' });
    if (str(body, 'end_date') < str(body, 'start_date')) throw validationError({ end_date: ['The end date must be a date after or equal to start date.'] });
    const organiserId = await assertOrganiserAccess(c.var.sql, c.var.user, toId(str(body, 'organizer_id')));
    const logo = decodeImage(body.event_logo, 'event_logo');
    if (!(await companyExists(c.var.sql, organiserId))) throw notFound('Organizer');
    const files = c.var.files;
    const url = logo ? await storeImage(files, logo, 'events') : '';
    try {
      const id = await c.var.sql.transaction((tx) => withinQuota(tx, organiserId, 'event_logo', async () => {
        const id = await q.createEvent(tx, {
          organizer_id: organiserId, title: str(body, 'title').trim(), description: str(body, 'description'),
          start_date: str(body, 'start_date'), end_date: str(body, 'end_date'), logo: url,
        });
        if (logo) await recordImageBytes(tx, 'event', id, logo.bytes.length);
        return id;
      }));
      return ok(c, await q.getEvent(c.var.sql, id), 'Event created successfully.');
    } catch (err) {
      await removeStoredImage(files, url);
      throw err;
    }
  })
  .get('/event/:id', async (c) => ok(c, await eventInScope(c.var.sql, c.var.user, toId(c.req.param('id')))))
  .put('/event/:id', async (c) => {
    const event = await eventInScope(c.var.sql, c.var.user, toId(c.req.param('id')));
    const body = await readBody(c);
    const dated = str(body, 'start_date') !== '' || str(body, 'end_date') !== '';
    validate(body, dated ? { ...eventRules, start_date: [required, date], end_date: [required, date] } : eventRules,
      { start_date: 'start date', end_date: 'end date' });
    const start = dated ? str(body, 'start_date') : event.start_date;
    const end = dated ? str(body, 'end_date') : event.end_date;
    if (end < start) throw validationError({ end_date: ['The end date must be a date after or equal to start date.'] });
    const logo = decodeImage(body.event_logo, 'event_logo');
    const files = c.var.files;
    const url = logo ? await storeImage(files, logo, 'events') : '';
    try {
      await c.var.sql.transaction((tx) => withinQuota(tx, event.organizer_id, 'event_logo', async () => {
        await q.updateEvent(tx, event.id, {
          title: str(body, 'title').trim(), description: str(body, 'description'), start_date: start, end_date: end, logo: url || event.logo,
        });
        if (logo) await recordImageBytes(tx, 'event', event.id, logo.bytes.length);
      }));
    } catch (err) {
      await removeStoredImage(files, url);
      throw err;
    }
    if (url) await removeLeftovers(files, [event.logo]);
    return ok(c, await q.getEvent(c.var.sql, event.id), 'Event updated successfully.');
  })
  .on(['PUT', 'POST'], '/deleteEvent', async (c) => {
    const body = await readBody(c);
    validate(body, { event_id: [required, recordId] }, { event_id: 'event id' });
    const event = await eventInScope(c.var.sql, c.var.user, toId(str(body, 'event_id')));
    // Its campaigns, templates and photos go by cascade; their stored images go after the commit.
    const images = await c.var.sql.transaction((tx) => deleteCollectingImages(tx, 'event', [event.id], q.deleteEvent));
    await removeLeftovers(c.var.files, images);
    return ok(c, null, 'Event deleted successfully');
  });
