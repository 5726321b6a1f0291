import type { Sql } from '../db/sql.ts';
import { Conflict, Invalid } from '../runtime/domain-errors.ts';
import { startImportJob } from '../lib/jobs/import-jobs.ts';
import { readSpreadsheet, recordsOf, RowErrors, type SheetRecord } from '../lib/spreadsheets/spreadsheet.ts';
import { PRICE_FLAT, PRICE_FREE } from '../../src/common/contract/organiser.ts';
import { nextTurn, WORK_SLICE } from '../runtime/next-turn.ts';
import { extraColumnsMessage, extraPhotoColumns, PHOTO_COLUMNS, photoRowProblem } from '../../src/common/sheet-rules.ts';
import * as q from '../db/queries/event-photos.ts';
import { photoBytesOfBids } from '../db/queries/storage.ts';
import { assertImportFits, importWithinQuota, photoRowsBytes } from '../lib/files/quota.ts';
import { recordActivity, type Who } from '../lib/activity/record.ts';
import { queueWebhookEvent } from '../lib/webhooks/emit.ts';

/**
 * What the event-photo calls do (organiser-console §2 "Tab Photos", "Upload event photos";
 * DESIGN.md §4): the photo list, the upload's rules and its background job, clearing an event.
 * routes/event-photos.ts reads the input, checks the event's organiser and answers;
 * db/queries/event-photos.ts reads and writes the rows. Errors are domain errors (Invalid rows, Conflict for repeated
 * bid numbers or an upload already running).
 */

/** Photo price types of the upload form (organiser-console §2): 1 Free, 2 Flat (the wire contract's). */
export { PRICE_FREE, PRICE_FLAT };
/** The 409 answer while the organiser's previous photo upload is still queued or running. */
export const PHOTO_IMPORT_BUSY = 'Another photo upload of this organiser is still running. Wait until it has finished, then upload again.';
/** Rows written per statement batch inside the job's one transaction (a turn for other requests between batches). */
const WRITE_BATCH = 25;

/** The list whose sort, search and filters the photo list, its export and bulk delete accept. */
export const PHOTO_LIST = q.PHOTO_LIST;
/** The rows of one event, as a list scope. */
export const photoScope = q.photoScope;
/** One page of an event's photos (`perPage` 1–100). */
export const listPhotos = q.listPhotos;

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

/**
 * Starts the upload of photo sheet `excel` (.csv or .xlsx; 422 on `excel` for an unreadable
 * sheet or other columns than PHOTO_COLUMNS) to `event` for user `userId` at `priceType`/`price`
 * (Free: "0"): every row checked first (422 naming the rows); bid numbers already on the event answered before anything starts
 * (409 with data { duplicates } unless `duplicates` is 'replace' or 'add'); an import that would
 * take the organiser past its storage quota is refused before anything is written (422 on
 * `excel`, importQuotaMessage; lib/files/quota.ts); then one background job writes every row in
 * one transaction (replacements in place, remembered as changed by this job; new rows remembered
 * as its own, for undo), checks the quota again before its commit (the job fails with the same
 * message, nothing written) and ends "Successfully uploaded photos".
 * Resolves to the job id; 409 PHOTO_IMPORT_BUSY while the organiser's previous upload runs.
 */
export async function startPhotoUpload(
  sql: Sql,
  who: Who,
  userId: number,
  event: { id: number; organizer_id: number },
  upload: { excel: File; priceType: number; price: string; duplicates: string },
): Promise<number> {
  const sheet = await readSpreadsheet(upload.excel, 'excel');
  const extra = extraPhotoColumns(sheet.header);
  if (extra.length) throw new Invalid({ excel: [`${extraColumnsMessage(extra)} Use exactly ${PHOTO_COLUMNS.join(', ')}.`] });
  const records = await recordsOf(sheet, PHOTO_COLUMNS, 'excel');
  const price = upload.priceType === PRICE_FREE ? '0' : upload.price.trim();
  const rows = await photoRows(records, event.id, upload.priceType, price);
  const stored = await q.storedBids(
    sql,
    event.id,
    rows.map((r) => r[1]),
  );
  const repeated = rows.filter((r) => stored.has(r[1]));
  if (repeated.length && !upload.duplicates) {
    throw new Conflict(`${repeated.length} photos in this sheet have bid numbers already on this event.`, { duplicates: repeated.length });
  }
  const updates = upload.duplicates === 'replace' ? repeated : [];
  const inserts = upload.duplicates === 'replace' ? rows.filter((r) => !stored.has(r[1])) : rows;
  const freed = updates.length
    ? await photoBytesOfBids(
        sql,
        event.id,
        updates.map((r) => r[1]),
      )
    : 0;
  await assertImportFits(sql, event.organizer_id, photoRowsBytes(inserts) + photoRowsBytes(updates) - freed);
  return startImportJob(
    sql,
    {
      kind: 'photos',
      ownerKey: `organiser:${event.organizer_id}`,
      userId,
      rowsTotal: rows.length,
      passwordsTotal: 0,
      busyMessage: PHOTO_IMPORT_BUSY,
    },
    (job) =>
      sql.transaction(async (tx) => {
        await importWithinQuota(tx, event.organizer_id, event.id, async () => {
          for (const [write, list] of [
            [q.replacePhotos, updates],
            [q.insertPhotos, inserts],
          ] as const) {
            for (let i = 0; i < list.length; i += WRITE_BATCH) {
              const batch = list.slice(i, i + WRITE_BATCH);
              await write(tx, batch, job.id);
              job.written(batch.length);
              // Let other requests' I/O in between batches (the transaction keeps them off the database).
              await nextTurn();
            }
          }
        });
        await job.done(tx, 'Successfully uploaded photos');
        await queueWebhookEvent(tx, 'photos.imported', event.organizer_id, { import_job_id: job.id, event_id: event.id, rows: rows.length });
      }),
    (tx, id) =>
      recordActivity(tx, who, {
        resource: 'imports',
        action: 'import',
        id,
        label: 'Event photos import',
        organiserId: event.organizer_id,
        changes: { rows: { from: null, to: rows.length } },
      }),
  );
}

/** Deletes every photo of `event` in one transaction, with its `clear` activity row by `who` when any went; resolves to how many went. */
export const clearPhotos = (sql: Sql, who: Who, event: { id: number; title: string; organizer_id: number }) =>
  sql.transaction(async (tx) => {
    const n = await q.deletePhotos(tx, event.id);
    if (n > 0)
      await recordActivity(tx, who, {
        resource: 'photos',
        action: 'clear',
        id: event.id,
        label: event.title,
        organiserId: event.organizer_id,
        changes: { photos: { from: n, to: 0 } },
      });
    return n;
  });
