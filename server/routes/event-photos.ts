import { Hono } from 'hono';
import type { AppEnv } from '../http/context.ts';
import { ok, pageOf, toId } from '../http/envelope.ts';
import { body, query } from '../http/input.ts';
import { requiredId } from '../http/validate.ts';
import { requireUserOn } from '../http/middleware/auth.ts';
import { eventInScope } from '../http/middleware/scope.ts';
import type { Sql } from '../db/sql.ts';
import type { AuthUser } from '../db/queries/auth.ts';
import { readListQuery } from '../db/list-query.ts';
import { scopedExport } from '../http/list-export.ts';
import { bulkAct, bulkDeleted, deleteFrom, listInput } from '../http/list-bulk.ts';
import { EventIdQuery, PHOTO_LABELS, PhotoBulkDelete, PhotosClear, PhotoUpload } from '../../src/common/contract/organiser.ts';
import * as photos from '../services/event-photos.ts';
import { logs, whoOf } from '../http/logs.ts';
import { cachedList } from '../http/list-routes.ts';

export { PHOTO_IMPORT_BUSY, PRICE_FREE, PRICE_FLAT } from '../services/event-photos.ts';

/** The event named by `event_id` of a list call, after the organiser check (422, 403, 404). */
const eventOf = (sql: Sql, user: AuthUser, input: Record<string, string | undefined>) => eventInScope(sql, user, requiredId(input.event_id, 'event_id'));

/**
 * Event photos (organiser-console §2 "Tab Photos", "Upload event photos"; §7; DESIGN.md §4).
 * Bodies and answers: the wire contract (common/contract/organiser.ts PhotoUpload, PhotosClear,
 * EventPhoto); what each call does: services/event-photos.ts.
 *
 * - GET  getPhotosByEventId?event_id=&page=&pageCount=10  -> paginator of EventPhoto
 * - POST uploadExcel  multipart event_id, excel (.csv or .xlsx, ≤ 10 MB, ≤ 50,000 rows, columns
 *        exactly bid_number, low_res_image, high_res_image, orientation), photo_price_type_id
 *        (1 Free, 2 Flat), photo_price (Flat only), duplicates (optional: replace | add). Every row
 *        is checked first: one bad row and nothing is written; the 422 names the rows (first 20).
 *        Rows whose bid_number is already on the event: without `duplicates` 409 conflict, data
 *        { duplicates: N }, before anything is written or started; `duplicates=replace` updates
 *        those photos in place; `duplicates=add` adds them as new photos. A clean sheet then
 *        answers at once data { job_id }, "The upload has started."; the job writes every row in
 *        one transaction and ends "Successfully uploaded photos" (GET import-job/{id},
 *        routes/import-jobs.ts). 409 while the same organiser's previous upload is still queued
 *        or running.
 * - GET getPhotosByEventId/export?event_id=&…, POST getPhotosByEventId/bulk-delete event_id,
 *   ids | all=1 (+ q, orientation): list params of db/list-query.ts (per_page overrides pageCount).
 * - POST deleteEventPhotos  event_id  -> data { count }, "Photos has been cleared."
 *
 * Scoped by the event's organiser (403 for another's, 404 for no such event).
 */
export const eventPhotoRoutes = requireUserOn(new Hono<AppEnv>(), '/getPhotosByEventId', '/uploadExcel', '/deleteEventPhotos', '/getPhotosByEventId/*')
  .get('/getPhotosByEventId', query(EventIdQuery), async (c) => {
    const event = await eventInScope(c.get('sql'), c.get('user'), c.req.valid('query').event_id);
    const size = toId(c.req.query('pageCount'));
    const lq = readListQuery(photos.PHOTO_LIST, c.req.query());
    return cachedList(c, ['photos', 'events', 'imports'], () =>
      photos.listPhotos(c.get('sql'), event.id, pageOf(c.req.query('page')), lq, size >= 1 && size <= 100 ? size : 10),
    );
  })
  .get('/getPhotosByEventId/export', (c) =>
    scopedExport(c, photos.PHOTO_LIST, 'photos', async (q) => photos.photoScope((await eventOf(c.get('sql'), c.get('user'), q)).id)),
  )
  .post('/getPhotosByEventId/bulk-delete', logs('photos'), body(PhotoBulkDelete), async (c) => {
    const input = listInput(c.req.query(), c.req.valid('form'));
    const event = await eventOf(c.get('sql'), c.get('user'), input);
    return bulkDeleted(
      c,
      await bulkAct(c.get('sql'), photos.PHOTO_LIST, input, photos.photoScope(event.id), deleteFrom('event_photos'), {
        log: { who: whoOf(c), resource: 'photos', organiserId: event.organizer_id },
      }),
    );
  })
  .post('/uploadExcel', logs('imports'), body(PhotoUpload, PHOTO_LABELS), async (c) => {
    const input = c.req.valid('form');
    const event = await eventInScope(c.get('sql'), c.get('user'), input.event_id);
    const jobId = await photos.startPhotoUpload(c.get('sql'), whoOf(c), c.get('user').id, event, {
      excel: input.excel,
      priceType: input.photo_price_type_id,
      price: input.photo_price ?? '',
      duplicates: String(input.duplicates ?? ''),
    });
    return ok(c, { job_id: jobId }, 'The upload has started.');
  })
  .post('/deleteEventPhotos', logs('photos'), body(PhotosClear), async (c) => {
    const event = await eventInScope(c.get('sql'), c.get('user'), c.req.valid('form').event_id);
    return ok(c, { count: await photos.clearPhotos(c.get('sql'), whoOf(c), event) }, 'Photos has been cleared.');
  });
