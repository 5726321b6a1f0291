import type { Sql } from '../sql.ts';
import { ownedRowCondition } from '../tenancy.ts';

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

/**
 * Replaces the settings of event `id` of organiser `owner` (null: a staff-made event; the
 * statement carries the owner, db/tenancy.ts ownedRowCondition); resolves to the rows changed.
 */
export const setPayload = (sql: Sql, id: number, owner: number | null, payload: unknown) => {
  const [where, params] = ownedRowCondition('recognition_events', id, owner);
  return sql.run(`UPDATE recognition_events SET payload = ? WHERE ${where}`, [JSON.stringify(payload), ...params]);
};

/** Updates the bib filter of event `id` of `owner` (as setPayload); resolves to the rows changed (0: no such row of that owner). */
export const setBibFilter = (sql: Sql, id: number, owner: number | null, filter: unknown) => {
  const [where, params] = ownedRowCondition('recognition_events', id, owner);
  return sql.run(`UPDATE recognition_events SET bib_filter = ? WHERE ${where}`, [JSON.stringify(filter), ...params]);
};

/** Deletes recognition event `id` of `owner` (as setPayload); resolves to the rows removed (0: none of that owner). */
export const deleteRecognitionEvent = (sql: Sql, id: number, owner: number | null) => {
  const [where, params] = ownedRowCondition('recognition_events', id, owner);
  return sql.run(`DELETE FROM recognition_events WHERE ${where}`, params);
};

/** Records a participant payment of a recognition event (the body as sent, JSON text); resolves to its id. */
export async function insertParticipantPayment(sql: Sql, eventId: number, payload: unknown): Promise<number> {
  const row = await sql.get<{ id: number }>('INSERT INTO recognition_participant_payments (event_id, payload, created_at) VALUES (?, ?, ?) RETURNING id', [
    eventId,
    JSON.stringify(payload),
    Date.now(),
  ]);
  return row!.id;
}
