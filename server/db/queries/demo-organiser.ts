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
