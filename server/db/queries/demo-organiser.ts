import type { Param, Sql } from '../sql.ts';

/**
 * Seed-time writes of the organiser demo data (server/seed/demo-organiser.ts) that no API route
 * makes: a company with its description, its working days, events and photos in bulk.
 */
export const insertCompany = async (sql: Sql, c: { name: string; email: string; phone: string; status: number; description: string }) => {
  const { id } = (await sql.get<{ id: number }>('INSERT INTO companies (name, email, phone, status, created_at) VALUES (?, ?, ?, ?, ?) RETURNING id',
    [c.name, c.email, c.phone, c.status, Date.now()]))!;
  await sql.run('INSERT INTO company_details (company_id, description) VALUES (?, ?)', [id, c.description]);
  return id;
};

export const roleId = async (sql: Sql, name: string) => (await sql.get<{ id: number }>('SELECT id FROM roles WHERE name = ?', [name]))?.id;

/** Photos in bulk: rows of [event_id, bid_number, low_res_image, high_res_image, price_type, price, orientation]. */
export const insertPhotoRows = (sql: Sql, rows: Param[][]) =>
  sql.runMany('INSERT INTO event_photos (event_id, bid_number, low_res_image, high_res_image, price_type, price, orientation) VALUES (?, ?, ?, ?, ?, ?, ?)', rows);
