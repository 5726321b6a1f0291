import type { Param, Sql } from '../sql.ts';

/*
 * Seed- and test-time reads and writes of the organiser demo data that no API route makes:
 * a role's id by name and photos in bulk.
 */

/** The id of the role called `name`, or undefined. */
export const roleId = async (sql: Sql, name: string) => (await sql.get<{ id: number }>('SELECT id FROM roles WHERE name = ?', [name]))?.id;

/** Photos in bulk: rows of [event_id, bid_number, low_res_image, high_res_image, price_type, price, orientation]. */
export const insertPhotoRows = (sql: Sql, rows: Param[][]) =>
  sql.runMany('INSERT INTO event_photos (event_id, bid_number, low_res_image, high_res_image, price_type, price, orientation) VALUES (?, ?, ?, ?, ?, ?, ?)', rows);

/** `n` photo rows for an event: bib numbers from 1001, alternating orientation. */
export const demoPhotoRows = (eventId: number, n: number, price = '0', priceType = 1) =>
  Array.from({ length: n }, (_, i) => {
    const bib = String(1001 + i);
    return [eventId, bib, `https://photos.example.com/${eventId}/${bib}-low.jpg`, `https://photos.example.com/${eventId}/${bib}-high.jpg`,
      priceType, price, i % 3 === 0 ? 'landscape' : 'portrait'];
  });
