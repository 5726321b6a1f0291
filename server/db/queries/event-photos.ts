import type { Param, Sql } from '../sql.ts';
import type { Paginator } from '../index.ts';
import { type ListQuery, type ListSpec } from '../list-query.ts';
import { listPage } from '../list-page.ts';
import { nextTurn, WORK_SLICE } from '../../runtime/next-turn.ts';
import type { EventPhoto } from '../../../src/common/contract/organiser.ts';
import { ownedScope } from '../tenancy.ts';

/** An event photo (organiser-console §3); price as text, e.g. "0" or "12.50". */
export type { EventPhoto };
/** One row to insert, in column order: event_id, bid_number, low_res_image, high_res_image, price_type, price, orientation. */
export type PhotoRow = [number, string, string, string, number, string, string];

/** An event's photos (organiser-console §2 "Tab Photos"): search bid number, sort, filter orientation. */
export const PHOTO_LIST: ListSpec = {
  from: 'event_photos',
  idCol: 'id',
  columns: 'id, bid_number, low_res_image, high_res_image, price, price_type, orientation',
  search: ['bid_number'],
  fts: 'event_photos_fts',
  sort: { id: 'id', bid_number: 'lower(bid_number)', orientation: 'orientation' },
  defaultOrder: 'id',
  seek: ['bid_number', 'orientation'],
  filters: { orientation: { values: ['portrait', 'landscape'], where: 'orientation = ?' } },
  csv: [
    ['id', 'id'],
    ['bid_number', 'bid_number'],
    ['low_res_image', 'low_res_image'],
    ['high_res_image', 'high_res_image'],
    ['price', 'price'],
    ['orientation', 'orientation'],
  ],
};
/** An event's photos; the total of all of them comes from event_photo_counts (migration 003). */
export const photoScope = (eventId: number) =>
  ownedScope('event_photos', eventId, { count: 'SELECT COALESCE((SELECT n FROM event_photo_counts WHERE event_id = ?), 0) AS n' });

/** One page of an event's photos in upload order unless sorted. */
export const listPhotos = (sql: Sql, eventId: number, page: number, lq: ListQuery, perPage: number): Promise<Paginator<EventPhoto>> =>
  listPage<EventPhoto>(sql, PHOTO_LIST, lq, photoScope(eventId), page, perPage);

/** Inserts many photos with one prepared statement; run inside a transaction (all or nothing). */
export const insertPhotos = (sql: Sql, rows: PhotoRow[], importJobId: number | null = null) =>
  sql.runMany(
    'INSERT INTO event_photos (event_id, bid_number, low_res_image, high_res_image, price_type, price, orientation, import_job_id) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
    rows.map((r) => [...r, importJobId]) as Param[][],
  );

/** Of `bids`, those already on the event (exact match), read in chunks. */
export async function storedBids(sql: Sql, eventId: number, bids: string[]): Promise<Set<string>> {
  const out = new Set<string>();
  const unique = [...new Set(bids)];
  for (let i = 0; i < unique.length; i += 500) {
    const chunk = unique.slice(i, i + 500);
    const rows = await sql.all<{ b: string }>(
      `SELECT DISTINCT bid_number AS b FROM event_photos WHERE event_id = ? AND bid_number IN (${chunk.map(() => '?').join(',')})`,
      [eventId, ...chunk],
    );
    for (const r of rows) out.add(r.b);
    // On SQLite each query is synchronous: without this, 100 chunks would run as one long block.
    await nextTurn();
  }
  return out;
}

/** Replaces, in place, the photos of an event carrying each row's bid number; run inside a transaction. */
export const replacePhotos = (sql: Sql, rows: PhotoRow[], importJobId: number | null = null) =>
  sql.runMany(
    'UPDATE event_photos SET low_res_image = ?, high_res_image = ?, price_type = ?, price = ?, orientation = ?, changed_job_id = ? WHERE event_id = ? AND bid_number = ?',
    rows.map(([eventId, bid, low, high, type, price, orientation]) => [low, high, type, price, orientation, importJobId, eventId, bid]),
  );

/**
 * Deletes every photo of an event; resolves to how many went. Run it inside a transaction: it
 * deletes WORK_SLICE rows at a time and yields between them, so clearing 50,000 photos on
 * SQLite (one synchronous call each, with the search and count triggers) never holds the event
 * loop for more than a few milliseconds; the transaction keeps it all-or-nothing.
 */
export async function deletePhotos(sql: Sql, eventId: number): Promise<number> {
  let total = 0;
  for (;;) {
    const n = await sql.run(`DELETE FROM event_photos WHERE id IN (SELECT id FROM event_photos WHERE event_id = ? LIMIT ${WORK_SLICE})`, [eventId]);
    total += n;
    if (n < WORK_SLICE) return total;
    await nextTurn();
  }
}
