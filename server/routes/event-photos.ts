import { Hono } from 'hono';
import type { AppEnv } from '../context.ts';
import { validationError } from '../http-error.ts';
import { ok, pageOf, readBody, toId } from '../lib/http/envelope.ts';
import { oneOf, required, requiredId, recordId, str, validate } from '../lib/http/validate.ts';
import { readSpreadsheet, recordsOf } from '../lib/spreadsheets/spreadsheet.ts';
import { extraColumnsMessage, extraPhotoColumns, PHOTO_COLUMNS } from '../../src/common/sheet-rules.ts';
import { requireUser } from '../middleware/auth.ts';
import { eventInScope } from '../middleware/scope.ts';
import type { Sql } from '../db/sql.ts';
import type { AuthUser } from '../db/queries/auth.ts';
import { readListQuery } from '../db/list-query.ts';
import { csvExport } from '../lib/http/list-export.ts';
import { bulkAct, bulkDeleted, deleteFrom, listInput } from '../lib/http/list-bulk.ts';
import { PRICE_PATTERN } from '../../src/common/contract/rules.ts';
import * as photos from '../services/event-photos.ts';

export { PHOTO_IMPORT_BUSY, PRICE_FREE, PRICE_FLAT } from '../services/event-photos.ts';
const { PRICE_FREE, PRICE_FLAT } = photos;

/** The event named by `event_id` of a list call, after the organiser check (422, 403, 404). */
const eventOf = (sql: Sql, user: AuthUser, input: Record<string, string | undefined>) =>
  eventInScope(sql, user, requiredId(input.event_id, 'event_id'));

/**
 * Event photos (organiser-console §2 "Tab Photos", "Upload event photos"; §7; DESIGN.md §4):
 *
 * - GET  getPhotosByEventId?event_id=&page=&pageCount=10  -> paginator of EventPhoto
 *        { id, bid_number, low_res_image, high_res_image, price, price_type, orientation }
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
 * - GET getPhotosByEventId/export?event_id=&…, POST getPhotosByEventId/bulk-delete form event_id,
 *   ids | all=1 (+ q, orientation): list params of db/list-query.ts (per_page overrides pageCount).
 * - POST deleteEventPhotos  form event_id  -> data { count }, "Photos has been cleared."
 *
 * Scoped by the event's organiser (403 for another's, 404 for no such event).
 */
export const eventPhotoRoutes = new Hono<AppEnv>()
  .use('/getPhotosByEventId', requireUser)
  .use('/uploadExcel', requireUser)
  .use('/deleteEventPhotos', requireUser)
  .use('/getPhotosByEventId/*', requireUser)
  .get('/getPhotosByEventId', async (c) => {
    const event = await eventOf(c.var.sql, c.var.user, c.req.query());
    const size = toId(c.req.query('pageCount'));
    const lq = readListQuery(photos.PHOTO_LIST, c.req.query());
    return ok(c, await photos.listPhotos(c.var.sql, event.id, pageOf(c.req.query('page')), lq, size >= 1 && size <= 100 ? size : 10));
  })
  .get('/getPhotosByEventId/export', async (c) => {
    const lq = readListQuery(photos.PHOTO_LIST, c.req.query());
    const event = await eventOf(c.var.sql, c.var.user, c.req.query());
    return csvExport(c, c.var.sql, photos.PHOTO_LIST, lq, photos.photoScope(event.id), 'photos');
  })
  .post('/getPhotosByEventId/bulk-delete', async (c) => {
    const input = listInput(c.req.query(), await readBody(c));
    const event = await eventOf(c.var.sql, c.var.user, input);
    return bulkDeleted(c, await bulkAct(c.var.sql, photos.PHOTO_LIST, input, photos.photoScope(event.id), deleteFrom('event_photos')));
  })
  .post('/uploadExcel', async (c) => {
    const body = await readBody(c);
    validate(body, { event_id: [required, recordId], photo_price_type_id: [required, oneOf(PRICE_FREE, PRICE_FLAT)], duplicates: [oneOf('replace', 'add')] },
      { event_id: 'event id', photo_price_type_id: 'photo price type' });
    const priceType = Number(str(body, 'photo_price_type_id'));
    const price = priceType === PRICE_FREE ? '0' : str(body, 'photo_price').trim();
    if (priceType === PRICE_FLAT && !PRICE_PATTERN.test(price)) {
      throw validationError({ photo_price: [price ? 'The photo price must be an amount such as 5 or 4.50.' : 'The photo price field is required.'] });
    }
    const event = await eventInScope(c.var.sql, c.var.user, toId(str(body, 'event_id')));
    const sheet = await readSpreadsheet(body.excel, 'excel');
    const extra = extraPhotoColumns(sheet.header);
    if (extra.length) throw validationError({ excel: [`${extraColumnsMessage(extra)} Use exactly ${PHOTO_COLUMNS.join(', ')}.`] });
    const records = await recordsOf(sheet, PHOTO_COLUMNS, 'excel');
    const jobId = await photos.startPhotoUpload(c.var.sql, c.var.user.id, event, { records, priceType, price, duplicates: str(body, 'duplicates') });
    return ok(c, { job_id: jobId }, 'The upload has started.');
  })
  .post('/deleteEventPhotos', async (c) => {
    const body = await readBody(c);
    validate(body, { event_id: [required, recordId] }, { event_id: 'event id' });
    const event = await eventInScope(c.var.sql, c.var.user, toId(str(body, 'event_id')));
    const count = await photos.clearPhotos(c.var.sql, event.id);
    return ok(c, { count }, 'Photos has been cleared.');
  });
