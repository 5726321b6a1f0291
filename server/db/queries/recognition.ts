import type { Sql } from '../sql.ts';

/**
 * Events of the reference photo-recognition API (DESIGN.md §4). The service keeps the payload
 * it was sent as JSON text; it does no recognition itself.
 */
export async function insertRecognitionEvent(sql: Sql, payload: unknown): Promise<number> {
  const row = await sql.get<{ id: number }>('INSERT INTO recognition_events (payload, created_at) VALUES (?, ?) RETURNING id',
    [JSON.stringify(payload), Date.now()]);
  return row!.id;
}

/** The recognition event asked for, or undefined when there is none. */
export const getRecognitionEvent = (sql: Sql, id: number) =>
  sql.get<{ id: number; payload: string; bib_filter: string | null }>('SELECT id, payload, bib_filter FROM recognition_events WHERE id = ?', [id]);

/** Updates the bib filter; resolves to the number of rows changed (0: no such row). */
export const setBibFilter = (sql: Sql, id: number, filter: unknown) =>
  sql.run('UPDATE recognition_events SET bib_filter = ? WHERE id = ?', [JSON.stringify(filter), id]);

/** Deletes the recognition event; resolves to the number of rows removed (0: none). */
export const deleteRecognitionEvent = (sql: Sql, id: number) => sql.run('DELETE FROM recognition_events WHERE id = ?', [id]);
