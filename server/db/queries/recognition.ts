import type { Sql } from '../sql.ts';

/**
 * Events of the photo-recognition API (DESIGN.md §4). The built-in emulation keeps the payload
 * it was sent as JSON text and does no recognition itself; with an upstream service the same
 * row records, under the upstream's id, which organiser created the event (`company_id`, NULL
 * when an admin did), so calls can be scoped to it.
 */
export interface RecognitionEvent {
  id: number;
  payload: string;
  bib_filter: string | null;
  company_id: number | null;
}

/** Records an event of the built-in emulation (payload stored as JSON text; `companyId` null for an admin); resolves to its new id. */
export async function insertRecognitionEvent(sql: Sql, payload: unknown, companyId: number | null = null): Promise<number> {
  const row = await sql.get<{ id: number }>('INSERT INTO recognition_events (payload, company_id, created_at) VALUES (?, ?, ?) RETURNING id', [
    JSON.stringify(payload),
    companyId,
    Date.now(),
  ]);
  return row!.id;
}

/** Records an event the upstream service created under its own id; an id it hands out again replaces the old record. */
export async function recordUpstreamEvent(sql: Sql, id: number, payload: unknown, companyId: number | null): Promise<void> {
  await sql.run('DELETE FROM recognition_events WHERE id = ?', [id]);
  await sql.run('INSERT INTO recognition_events (id, payload, company_id, created_at) VALUES (?, ?, ?, ?)', [
    id,
    JSON.stringify(payload),
    companyId,
    Date.now(),
  ]);
}

/** The recognition event asked for, or undefined when there is none. */
/** What a recognition event read selects. */
export const RECOGNITION_EVENT_COLUMNS = 'id, payload, bib_filter, company_id';
export const getRecognitionEvent = (sql: Sql, id: number) =>
  sql.get<RecognitionEvent>(`SELECT ${RECOGNITION_EVENT_COLUMNS} FROM recognition_events WHERE id = ?`, [id]);

/** Replaces an event's settings (the body of a create or update). */
export const setPayload = (sql: Sql, id: number, payload: unknown) =>
  sql.run('UPDATE recognition_events SET payload = ? WHERE id = ?', [JSON.stringify(payload), id]);

/** Updates the bib filter; resolves to the number of rows changed (0: no such row). */
export const setBibFilter = (sql: Sql, id: number, filter: unknown) =>
  sql.run('UPDATE recognition_events SET bib_filter = ? WHERE id = ?', [JSON.stringify(filter), id]);

/** Deletes the recognition event; resolves to the number of rows removed (0: none). */
export const deleteRecognitionEvent = (sql: Sql, id: number) => sql.run('DELETE FROM recognition_events WHERE id = ?', [id]);

/** Records a participant payment of a recognition event (the body as sent, JSON text); resolves to its id. */
export async function insertParticipantPayment(sql: Sql, eventId: number, payload: unknown): Promise<number> {
  const row = await sql.get<{ id: number }>('INSERT INTO recognition_participant_payments (event_id, payload, created_at) VALUES (?, ?, ?) RETURNING id', [
    eventId,
    JSON.stringify(payload),
    Date.now(),
  ]);
  return row!.id;
}
