import { Hono } from 'hono';
import type { AppEnv } from '../context.ts';
import { ApiError, validationError } from '../http-error.ts';
import { ok, pageOf, readBody, toId } from '../lib/envelope.ts';
import { integer, oneOf, required, requiredId, recordId, str, validate } from '../lib/validate.ts';
import { readSpreadsheet, recordsOf, RowErrors, type SheetRecord } from '../lib/spreadsheet.ts';
import { startImportJob } from '../lib/import-jobs.ts';
import { extraColumnsMessage, extraPhotoColumns, PHOTO_COLUMNS, photoRowProblem } from '../../src/common/sheet-rules.ts';
import { requireUser } from '../middleware/auth.ts';
import { eventInScope } from '../middleware/scope.ts';
import type { Sql } from '../db/sql.ts';
import type { AuthUser } from '../db/queries/auth.ts';
import * as q from '../db/queries/event-photos.ts';
import { readListQuery } from '../db/list-query.ts';
import { csvExport } from '../lib/list-export.ts';
import { bulkAct, bulkDeleted, deleteFrom, listInput } from '../lib/list-bulk.ts';
import { nextTurn, WORK_SLICE } from '../lib/next-turn.ts';
import { PRICE_PATTERN } from '../../src/common/contract/rules.ts';

/** Photo price types of the upload form (organiser-console §2): 1 Free, 2 Flat. */
export const PRICE_FREE = 1, PRICE_FLAT = 2;
/** The 409 answer while the organiser's previous photo upload is still queued or running. */
export const PHOTO_IMPORT_BUSY = 'Another photo upload of this organiser is still running. Wait until it has finished, then upload again.';
const WRITE_BATCH = 25;

/**
 * Checks the rows of a photo sheet and turns them into insert rows; every problem is collected
 * and thrown as one 422 on `excel` naming the rows (the first 20), so nothing is written.
 */
async function photoRows(records: SheetRecord<(typeof PHOTO_COLUMNS)[number]>[], eventId: number, priceType: number, price: string): Promise<q.PhotoRow[]> {
  const errors = new RowErrors('excel');
  const rows: q.PhotoRow[] = [];
  for (const [i, { row, values: v }] of records.entries()) {
    if (i > 0 && i % WORK_SLICE === 0) await nextTurn();
    const problem = photoRowProblem(v);
    if (problem) errors.add(row, problem);
    else rows.push([eventId, v.bid_number, v.low_res_image, v.high_res_image, priceType, price, v.orientation.toLowerCase()]);
  }
  errors.throwIfAny();
  return rows;
}

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
    const lq = readListQuery(q.PHOTO_LIST, c.req.query());
    return ok(c, await q.listPhotos(c.var.sql, event.id, pageOf(c.req.query('page')), lq, size >= 1 && size <= 100 ? size : 10));
  })
  .get('/getPhotosByEventId/export', async (c) => {
    const lq = readListQuery(q.PHOTO_LIST, c.req.query());
    const event = await eventOf(c.var.sql, c.var.user, c.req.query());
    return csvExport(c, c.var.sql, q.PHOTO_LIST, lq, q.photoScope(event.id), 'photos');
  })
  .post('/getPhotosByEventId/bulk-delete', async (c) => {
    const input = listInput(c.req.query(), await readBody(c));
    const event = await eventOf(c.var.sql, c.var.user, input);
    return bulkDeleted(c, await bulkAct(c.var.sql, q.PHOTO_LIST, input, q.photoScope(event.id), deleteFrom('event_photos')));
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
    const rows = await photoRows(await recordsOf(sheet, PHOTO_COLUMNS, 'excel'), event.id, priceType, price);
    const sql = c.var.sql;
    // The repeated-bid question is answered before any job starts: nothing is written without it.
    const stored = await q.storedBids(sql, event.id, rows.map((r) => r[1]));
    const repeated = rows.filter((r) => stored.has(r[1]));
    const mode = str(body, 'duplicates');
    if (repeated.length && !mode) {
      throw new ApiError(409, `${repeated.length} photos in this sheet have bid numbers already on this event.`, undefined, { duplicates: repeated.length });
    }
    const updates = mode === 'replace' ? repeated : [];
    const inserts = mode === 'replace' ? rows.filter((r) => !stored.has(r[1])) : rows;
    const jobId = await startImportJob(sql, {
      kind: 'photos', ownerKey: `organiser:${event.organizer_id}`, userId: c.var.user.id, rowsTotal: rows.length, passwordsTotal: 0, busyMessage: PHOTO_IMPORT_BUSY,
    }, (job) => sql.transaction(async (tx) => {
      for (const [write, list] of [[q.replacePhotos, updates], [q.insertPhotos, inserts]] as const) {
        for (let i = 0; i < list.length; i += WRITE_BATCH) {
          const batch = list.slice(i, i + WRITE_BATCH);
          await write(tx, batch, job.id);
          job.written(batch.length);
          // Let other requests' I/O in between batches (the transaction keeps them off the database).
          await nextTurn();
        }
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
