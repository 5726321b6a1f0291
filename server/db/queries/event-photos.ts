import type { Param, Sql } from '../sql.ts';
import { paginate, type Paginator } from '../index.ts';

/** An event photo (organiser-console §3); price as text, e.g. "0" or "12.50". */
export interface EventPhoto { id: number; bid_number: string; low_res_image: string; high_res_image: string; price: string; price_type: number; orientation: string }
/** One row to insert, in column order: event_id, bid_number, low_res_image, high_res_image, price_type, price, orientation. */
export type PhotoRow = [number, string, string, string, number, string, string];

/** One page of an event's photos in upload order. */
export const listPhotos = (sql: Sql, eventId: number, page: number, perPage: number): Promise<Paginator<EventPhoto>> =>
  paginate<EventPhoto>(sql, 'SELECT id, bid_number, low_res_image, high_res_image, price, price_type, orientation FROM event_photos WHERE event_id = ? ORDER BY id',
    'SELECT COUNT(*) AS n FROM event_photos WHERE event_id = ?', [eventId], page, perPage);

/** Inserts many photos with one prepared statement; run inside a transaction (all or nothing). */
export const insertPhotos = (sql: Sql, rows: PhotoRow[]) =>
  sql.runMany('INSERT INTO event_photos (event_id, bid_number, low_res_image, high_res_image, price_type, price, orientation) VALUES (?, ?, ?, ?, ?, ?, ?)', rows as Param[][]);

/** Deletes every photo of an event; resolves to how many went. */
export const deletePhotos = (sql: Sql, eventId: number) => sql.run('DELETE FROM event_photos WHERE event_id = ?', [eventId]);
