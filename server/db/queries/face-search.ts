import type { Sql } from '../sql.ts';
import type { ConsentReceipt, ErasureReceipt } from '../../../src/common/contract/participants.ts';
import type { FaceSearchMode } from '../../../src/common/contract/rules.ts';

/**
 * Face-search settings, consent and erasure receipts of events (migration 028,
 * docs/participants.md "Face search"), and the photo-recognition emulation's record of face-data
 * deletions.
 */

/** An event's stored face-search settings (no row: mode off, 30 days, no version, not purged). */
export interface FaceSearchRow {
  event_id: number;
  mode: FaceSearchMode;
  retention_days: number;
  consent_version: string;
  purged_at: number | null;
}

/** Event `eventId`'s face-search settings row, or undefined when never set. */
export const settingsOf = (sql: Sql, eventId: number) =>
  sql.get<FaceSearchRow>('SELECT event_id, mode, retention_days, consent_version, purged_at FROM face_search_settings WHERE event_id = ?', [eventId]);

/** Writes event `eventId`'s mode, retention and consent version (keeping `purged_at`). */
export const saveSettings = (tx: Sql, eventId: number, s: { mode: FaceSearchMode; retention_days: number; consent_version: string }) =>
  tx.run(
    `INSERT INTO face_search_settings (event_id, mode, retention_days, consent_version, updated_at) VALUES (?, ?, ?, ?, ?)
    ON CONFLICT (event_id) DO UPDATE SET mode = excluded.mode, retention_days = excluded.retention_days, consent_version = excluded.consent_version, updated_at = excluded.updated_at`,
    [eventId, s.mode, s.retention_days, s.consent_version, Date.now()],
  );

/** Marks event `eventId`'s face data purged at `at` (ms), making a settings row when there is none; resolves to whether it changed. */
export const markPurged = async (tx: Sql, eventId: number, at: number) => {
  await tx.run('INSERT INTO face_search_settings (event_id, updated_at) VALUES (?, ?) ON CONFLICT (event_id) DO NOTHING', [eventId, at]);
  return (await tx.run('UPDATE face_search_settings SET purged_at = ?, updated_at = ? WHERE event_id = ? AND purged_at IS NULL', [at, at, eventId])) > 0;
};

/**
 * Events with face-search settings, not yet purged, whose end date plus retention is before
 * `today` (YYYY-MM-DD): what the daily job purges. Dates compared as text, so the day arithmetic
 * happens here in code: resolves to the candidates with their end date and retention.
 */
export const unpurged = (sql: Sql) =>
  sql.all<{ event_id: number; end_date: string; retention_days: number; organizer_id: number; title: string }>(
    `SELECT s.event_id, e.end_date, s.retention_days, e.company_id AS organizer_id, e.title FROM face_search_settings s JOIN events e ON e.id = s.event_id
     WHERE s.purged_at IS NULL ORDER BY s.event_id`,
  );

/** The recognition event ids of event `eventId`'s campaigns (`image_console_id` that are whole numbers), distinct. */
export const recognitionIdsOf = async (sql: Sql, eventId: number) => [
  ...new Set(
    (await sql.all<{ image_console_id: string }>('SELECT image_console_id FROM campaigns WHERE event_id = ? ORDER BY id', [eventId]))
      .map((r) => r.image_console_id.trim())
      .filter((v) => /^\d{1,10}$/.test(v) && Number(v) > 0 && Number(v) < 2 ** 31)
      .map(Number),
  ),
];

/** Participant `participantId`'s consent receipt still in force (not withdrawn), or undefined. */
export const activeConsent = (sql: Sql, participantId: number) =>
  sql.get<{ id: number; version: string }>('SELECT id, version FROM face_consents WHERE participant_id = ? AND withdrawn_at IS NULL ORDER BY id DESC LIMIT 1', [
    participantId,
  ]);

/** A new consent receipt; resolves to its id. */
export const insertConsent = async (tx: Sql, c: { participant_id: number; event_id: number; version: string; source: 'sheet' | 'gallery' }) =>
  Number(
    (await tx.get<{ id: number }>('INSERT INTO face_consents (participant_id, event_id, version, source, created_at) VALUES (?, ?, ?, ?, ?) RETURNING id', [
      c.participant_id,
      c.event_id,
      c.version,
      c.source,
      Date.now(),
    ]))!.id,
  );

/** Withdraws participant `participantId`'s receipts in force; resolves to how many. */
export const withdrawConsents = (tx: Sql, participantId: number) =>
  tx.run('UPDATE face_consents SET withdrawn_at = ? WHERE participant_id = ? AND withdrawn_at IS NULL', [Date.now(), participantId]);

/** Event `eventId`'s consent receipts, newest first, with each participant's BIB and name. */
export const consentsOf = (sql: Sql, eventId: number) =>
  sql.all<ConsentReceipt>(
    `SELECT c.id, c.participant_id, p.bib_number, p.name, c.version, c.source, c.created_at, c.withdrawn_at
    FROM face_consents c JOIN participants p ON p.id = c.participant_id WHERE c.event_id = ? ORDER BY c.id DESC`,
    [eventId],
  );

/** A new erasure receipt with receipt code `code`; resolves to it. */
export const insertErasure = async (
  tx: Sql,
  e: { event_id: number; participant_id: number; bib_number: string; source: 'gallery' | 'organiser'; code: string },
): Promise<ErasureReceipt> => {
  const created_at = Date.now();
  const id = Number(
    (await tx.get<{ id: number }>(
      'INSERT INTO face_erasures (event_id, participant_id, bib_number, source, created_at, code) VALUES (?, ?, ?, ?, ?, ?) RETURNING id',
      [e.event_id, e.participant_id, e.bib_number, e.source, created_at, e.code],
    ))!.id,
  );
  return { id, participant_id: e.participant_id, bib_number: e.bib_number, source: e.source, created_at, code: e.code };
};

/** Participant `participantId`'s newest consent receipt (in force or withdrawn), or undefined. */
export const newestConsent = (sql: Sql, participantId: number) =>
  sql.get<{ id: number; source: 'sheet' | 'gallery'; version: string; created_at: number; withdrawn_at: number | null }>(
    'SELECT id, source, version, created_at, withdrawn_at FROM face_consents WHERE participant_id = ? ORDER BY id DESC LIMIT 1',
    [participantId],
  );

/** The participant withdraws their receipts in force at `at` (ms) under receipt code `code` (on the newest of them); resolves to how many. */
export const withdrawByParticipant = async (tx: Sql, participantId: number, at: number, code: string) => {
  const n = await tx.run('UPDATE face_consents SET withdrawn_at = ? WHERE participant_id = ? AND withdrawn_at IS NULL', [at, participantId]);
  if (n)
    await tx.run('UPDATE face_consents SET withdrawal_code = ? WHERE id = (SELECT MAX(id) FROM face_consents WHERE participant_id = ? AND withdrawn_at = ?)', [
      code,
      participantId,
      at,
    ]);
  return n;
};

/**
 * When the face data of BIB `bib` of event `eventId` was first erased (ms), or null: an erasure
 * holds for the BIB at the event, so a participant imported again after an undo stays erased.
 */
export const erasedAt = async (sql: Sql, eventId: number, bib: string): Promise<number | null> => {
  const r = await sql.get<{ at: number | string | null }>('SELECT MIN(created_at) AS at FROM face_erasures WHERE event_id = ? AND bib_number = ?', [
    eventId,
    bib,
  ]);
  return r?.at == null ? null : Number(r.at);
};

/** Participant `id` of event `eventId` (its BIB, name, e-mail address and language, '' for the event's), or undefined. */
export const participantOf = (sql: Sql, eventId: number, id: number) =>
  sql.get<{ id: number; bib_number: string; name: string; email: string; language: string }>(
    'SELECT id, bib_number, name, email, language FROM participants WHERE id = ? AND event_id = ?',
    [id, eventId],
  );

/** The emulation records a face-data deletion of recognition event `recognitionId` (`bib` '' = the whole event). */
export const recordFaceDeletion = (tx: Sql, recognitionId: number, bib: string) =>
  tx.run('INSERT INTO recognition_face_deletions (recognition_event_id, bib_number, created_at) VALUES (?, ?, ?)', [recognitionId, bib, Date.now()]);

/** Whether the emulation deleted the face data of recognition event `recognitionId` as a whole or of BIB `bib`. */
export const faceDataDeleted = async (sql: Sql, recognitionId: number, bib: string) =>
  !!(await sql.get("SELECT 1 AS x FROM recognition_face_deletions WHERE recognition_event_id = ? AND (bib_number = '' OR bib_number = ?) LIMIT 1", [
    recognitionId,
    bib,
  ]));
