import { Hono } from 'hono';
import type { AppEnv } from '../context.ts';
import { validationError } from '../http-error.ts';
import { ok, pageOf, readBody, toId } from '../lib/envelope.ts';
import { oneOf, required, str, validate, recordId } from '../lib/validate.ts';
import { readSpreadsheet, recordsOf, RowErrors } from '../lib/spreadsheet.ts';
import { startImportJob } from '../lib/import-jobs.ts';
import { requireUser } from '../middleware/auth.ts';
import { eventInScope } from './events.ts';
import * as q from '../db/queries/event-photos.ts';

/** The photo sheet's columns, exactly (DESIGN.md §4); the console's CSV template has these. */
export const PHOTO_COLUMNS = ['bid_number', 'low_res_image', 'high_res_image', 'orientation'] as const;
/** Photo price types of the upload form (organiser-console §2): 1 Free, 2 Flat. */
export const PRICE_FREE = 1, PRICE_FLAT = 2;
/** The 409 answer while the organiser's previous photo upload is still queued or running. */
export const PHOTO_IMPORT_BUSY = 'Another photo upload of this organiser is still running. Wait until it has finished, then upload again.';
const WRITE_BATCH = 500;
const PRICE = /^\d{1,7}(\.\d{1,2})?$/;
const LINK = /^https?:\/\/[^\s/]+\S*$/i;

/**
 * Checks the rows of a photo sheet and turns them into insert rows; every problem is collected
 * and thrown as one 422 on `excel` naming the rows (the first 20), so nothing is written.
 */
export function photoRows(records: ReturnType<typeof recordsOf<(typeof PHOTO_COLUMNS)[number]>>, eventId: number, priceType: number, price: string): q.PhotoRow[] {
  const errors = new RowErrors('excel');
  const rows: q.PhotoRow[] = [];
  for (const { row, values: v } of records) {
    const problems: string[] = [];
    if (!v.bid_number) problems.push('bid_number is empty');
    else if (v.bid_number.length > 50) problems.push('bid_number is longer than 50 characters');
    for (const col of ['low_res_image', 'high_res_image'] as const) {
      if (!v[col]) problems.push(`${col} is empty`);
      else if (v[col].length > 2048 || !LINK.test(v[col])) problems.push(`${col} is not an http(s) link`);
    }
    const orientation = v.orientation.toLowerCase();
    if (orientation !== 'portrait' && orientation !== 'landscape') problems.push('orientation must be portrait or landscape');
    if (problems.length) errors.add(row, `${problems.join('; ')}.`);
    else rows.push([eventId, v.bid_number, v.low_res_image, v.high_res_image, priceType, price, orientation]);
  }
  errors.throwIfAny();
  return rows;
}

/**
 * Event photos (organiser-console §2 "Tab Photos", "Upload event photos"; §7; DESIGN.md §4):
 *
 * - GET  getPhotosByEventId?event_id=&page=&pageCount=10  -> paginator of EventPhoto
 *        { id, bid_number, low_res_image, high_res_image, price, price_type, orientation }
 * - POST uploadExcel  multipart event_id, excel (.csv or .xlsx, ≤ 10 MB, ≤ 50,000 rows, columns
 *        exactly bid_number, low_res_image, high_res_image, orientation), photo_price_type_id
 *        (1 Free, 2 Flat), photo_price (Flat only). Every row is checked first: one bad row and
 *        nothing is written; the 422 names the rows (first 20). A clean sheet answers at once
 *        data { job_id }, "The upload has started."; the job writes every row in one transaction
 *        and ends "Successfully uploaded photos" (GET import-job/{id}, routes/import-jobs.ts).
 *        409 while the same organiser's previous upload is still queued or running.
 * - POST deleteEventPhotos  form event_id  -> data { count }, "Photos has been cleared."
 *
 * Scoped by the event's organiser (403 for another's, 404 for no such event).
 */
export const eventPhotoRoutes = new Hono<AppEnv>()
  .use('/getPhotosByEventId', requireUser)
  .use('/uploadExcel', requireUser)
  .use('/deleteEventPhotos', requireUser)
  .get('/getPhotosByEventId', async (c) => {
    const query = { event_id: c.req.query('event_id') ?? '' };
    validate(query, { event_id: [required, recordId] }, { event_id: 'event id' });
    const event = await eventInScope(c.var.sql, c.var.user, toId(query.event_id));
    const size = toId(c.req.query('pageCount'));
    return ok(c, await q.listPhotos(c.var.sql, event.id, pageOf(c.req.query('page')), size >= 1 && size <= 100 ? size : 10));
  })
  .post('/uploadExcel', async (c) => {
    const body = await readBody(c);
    validate(body, { event_id: [required, recordId], photo_price_type_id: [required, oneOf(PRICE_FREE, PRICE_FLAT)] },
      { event_id: 'event id', photo_price_type_id: 'photo price type' });
    const priceType = Number(str(body, 'photo_price_type_id'));
    const price = priceType === PRICE_FREE ? '0' : str(body, 'photo_price').trim();
    if (priceType === PRICE_FLAT && !PRICE.test(price)) {
      throw validationError({ photo_price: [price ? 'The photo price must be an amount such as 5 or 4.50.' : 'The photo price field is required.'] });
    }
    const event = await eventInScope(c.var.sql, c.var.user, toId(str(body, 'event_id')));
    const sheet = await readSpreadsheet(body.excel, 'excel');
    const extra = sheet.header.filter((h) => h !== '' && !(PHOTO_COLUMNS as readonly string[]).includes(h));
    if (extra.length) throw validationError({ excel: [`The file has columns the template does not have: ${extra.join(', ')}. Use exactly ${PHOTO_COLUMNS.join(', ')}.`] });
    const rows = photoRows(recordsOf(sheet, PHOTO_COLUMNS, 'excel'), event.id, priceType, price);
    const sql = c.var.sql;
    const jobId = await startImportJob(sql, {
      kind: 'photos', ownerKey: `organiser:${event.organizer_id}`, userId: c.var.user.id, rowsTotal: rows.length, passwordsTotal: 0, busyMessage: PHOTO_IMPORT_BUSY,
    }, (job) => sql.transaction(async (tx) => {
      for (let i = 0; i < rows.length; i += WRITE_BATCH) {
        job.written(await q.insertPhotos(tx, rows.slice(i, i + WRITE_BATCH)));
        // Let other requests' I/O in between batches (the transaction keeps them off the database).
        await new Promise((resolve) => setImmediate(resolve));
      }
      await job.done(tx, 'Successfully uploaded photos');
    }));
    return ok(c, { job_id: jobId }, 'The upload has started.');
  })
  .post('/deleteEventPhotos', async (c) => {
    const body = await readBody(c);
    validate(body, { event_id: [required, recordId] }, { event_id: 'event id' });
    const event = await eventInScope(c.var.sql, c.var.user, toId(str(body, 'event_id')));
    const count = await c.var.sql.transaction((tx) => q.deletePhotos(tx, event.id));
    return ok(c, { count }, 'Photos has been cleared.');
  });
