import type { Sql } from '../sql.ts';
import type { ListSpec, Scope } from '../list-query.ts';
import type { Funnel, Participant, ParticipantStage } from '../../../src/common/contract/participants.ts';
import { ownedScope } from '../tenancy.ts';

/**
 * Participants of an event and their funnel (migration 026, docs/participants.md). A participant
 * is *matched* when a photo of its event has its BIB (`event_photos.bid_number`, exact text);
 * each later stage counts only participants of the stage before it.
 */

/** SQL: a photo of the participant's event (alias `p`) has its BIB; `photo_matches` counts them, kept by triggers (migration 029). */
export const MATCHED = 'p.photo_matches > 0';

/** The condition of each stage on a participant row `p`. */
export const STAGE_WHERE: Record<ParticipantStage, string> = {
  registered: '1 = 1',
  matched: MATCHED,
  unmatched: `NOT ${MATCHED}`,
  notified: `${MATCHED} AND p.notified_at IS NOT NULL`,
  viewed: `${MATCHED} AND p.notified_at IS NOT NULL AND p.viewed_at IS NOT NULL`,
  bought: `${MATCHED} AND p.notified_at IS NOT NULL AND p.viewed_at IS NOT NULL AND p.bought_at IS NOT NULL`,
};

/** The consent receipt in force of participant `p` (the newest), its time and source; its newest receipt's withdrawal; the first erasure of its BIB at its event. */
const CONSENT_AT = '(SELECT MAX(c.created_at) FROM face_consents c WHERE c.participant_id = p.id AND c.withdrawn_at IS NULL)';
const CONSENT_SOURCE = '(SELECT c.source FROM face_consents c WHERE c.participant_id = p.id AND c.withdrawn_at IS NULL ORDER BY c.id DESC LIMIT 1)';
const CONSENT_WITHDRAWN_AT = '(SELECT c.withdrawn_at FROM face_consents c WHERE c.participant_id = p.id ORDER BY c.id DESC LIMIT 1)';
const ERASED_AT = '(SELECT MIN(f.created_at) FROM face_erasures f WHERE f.event_id = p.event_id AND f.bib_number = p.bib_number)';

const COLS = `p.id, p.event_id, p.bib_number, p.name, p.email, p.face_consent, p.consent_date, p.language, CASE WHEN ${MATCHED} THEN 1 ELSE 0 END AS matched,
  p.notified_at, p.viewed_at, p.bought_at, p.created_at, ${CONSENT_AT} AS consent_at, ${CONSENT_SOURCE} AS consent_source,
  ${CONSENT_WITHDRAWN_AT} AS consent_withdrawn_at, ${ERASED_AT} AS erased_at`;

/** The participants list: search BIB, name, e-mail; sort; filter `stage`. */
export const PARTICIPANT_LIST: ListSpec = {
  from: 'participants p',
  idCol: 'p.id',
  columns: COLS,
  search: ['p.bib_number', 'p.name', 'p.email'],
  sort: { id: 'p.id', bib_number: 'p.bib_number', name: 'lower(p.name)', created_at: 'p.created_at' },
  defaultOrder: 'p.bib_number, p.id',
  filters: {
    stage: { values: ['registered', 'matched', 'unmatched', 'notified', 'viewed', 'bought'], where: (v) => [STAGE_WHERE[v as ParticipantStage], []] },
  },
  csv: [
    ['bib_number', 'p.bib_number'],
    ['name', 'p.name'],
    ['email', 'p.email'],
    ['face_consent', 'p.face_consent'],
    ['consent_date', 'p.consent_date'],
    ['matched', `CASE WHEN ${MATCHED} THEN 1 ELSE 0 END`],
    ['notified_at', 'p.notified_at'],
    ['viewed_at', 'p.viewed_at'],
    ['bought_at', 'p.bought_at'],
    ['consent_source', `COALESCE(${CONSENT_SOURCE}, '')`],
    ['consent_at', CONSENT_AT],
    ['consent_withdrawn_at', CONSENT_WITHDRAWN_AT],
    ['erased_at', ERASED_AT],
    ['language', 'p.language'],
  ],
  csvDates: ['consent_date'],
  csvTimes: ['notified_at', 'viewed_at', 'bought_at', 'consent_at', 'consent_withdrawn_at', 'erased_at'],
};

/** The participants of one event, as a list scope. */
export const participantScope = (eventId: number): Scope => ownedScope('participants', eventId, { alias: 'p' });

/** One new participant; resolves to its id. */
export const insertParticipant = async (tx: Sql, eventId: number, p: NewParticipant) =>
  Number(
    (await tx.get<{ id: number }>(
      'INSERT INTO participants (event_id, bib_number, name, email, face_consent, consent_date, language, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?) RETURNING id',
      [eventId, p.bib_number, p.name, p.email, p.face_consent, p.consent_date, p.language, Date.now()],
    ))!.id,
  );

/** One participant row as the list shows it, or undefined. */
export const getParticipant = (sql: Sql, id: number) => sql.get<Participant>(`SELECT ${COLS} FROM participants p WHERE p.id = ?`, [id]);

/**
 * The funnel of event `eventId` (each stage a subset of the one before): its `participant_funnels`
 * row, kept equal to counting its participants by STAGE_WHERE by triggers on `participants`
 * (migration 031), so one primary-key lookup; all 0 for an event without participants (no row).
 */
export async function funnelOf(sql: Sql, eventId: number): Promise<Funnel> {
  const r = await sql.get<Record<keyof Funnel, number | string>>(
    'SELECT registered, matched, notified, viewed, bought FROM participant_funnels WHERE event_id = ?',
    [eventId],
  );
  const n = (v: number | string | undefined) => Number(v ?? 0);
  return { registered: n(r?.registered), matched: n(r?.matched), notified: n(r?.notified), viewed: n(r?.viewed), bought: n(r?.bought) };
}

/** BIBs of the event's participants at `stage`, in BIB order (the export). */
export const bibsAt = async (sql: Sql, eventId: number, stage: ParticipantStage) =>
  (
    await sql.all<{ bib_number: string }>(
      `SELECT p.bib_number FROM participants p WHERE p.event_id = ? AND ${STAGE_WHERE[stage]} ORDER BY p.bib_number, p.id`,
      [eventId],
    )
  ).map((r) => r.bib_number);

/** How many matched, not yet notified participants of the event have an e-mail address (`count`) and how many have none (`without_email`). */
export async function notifyCounts(sql: Sql, eventId: number): Promise<{ count: number; without_email: number }> {
  const r = await sql.get<{ count: number | null; without_email: number | null }>(
    `SELECT SUM(CASE WHEN p.email <> '' THEN 1 ELSE 0 END) AS count, SUM(CASE WHEN p.email = '' THEN 1 ELSE 0 END) AS without_email
     FROM participants p WHERE p.event_id = ? AND p.notified_at IS NULL AND ${MATCHED}`,
    [eventId],
  );
  return { count: Number(r?.count ?? 0), without_email: Number(r?.without_email ?? 0) };
}

/** The first matched, not yet notified participant of the event with an e-mail address (the preview's addressee: name and language), or undefined. */
export const firstToNotify = (sql: Sql, eventId: number) =>
  sql.get<{ name: string; language: string }>(
    `SELECT p.name, p.language FROM participants p WHERE p.event_id = ? AND p.notified_at IS NULL AND p.email <> '' AND ${MATCHED} ORDER BY p.id LIMIT 1`,
    [eventId],
  );

/** Matched participants of the event with an e-mail address, not yet notified (with their language, '' for the event's); locked for the notifying transaction on PostgreSQL. */
export const toNotify = (tx: Sql, eventId: number) =>
  tx.all<{ id: number; name: string; email: string; language: string }>(
    `SELECT p.id, p.name, p.email, p.language FROM participants p WHERE p.event_id = ? AND p.notified_at IS NULL AND p.email <> '' AND ${MATCHED} ORDER BY p.id${tx.engine === 'postgres' ? ' FOR UPDATE OF p' : ''}`,
    [eventId],
  );

/** Marks participant `id` notified now with gallery token hash `hash`, unless it already was; resolves to whether it changed. */
export const markNotified = async (tx: Sql, id: number, hash: string) =>
  (await tx.run('UPDATE participants SET notified_at = ?, gallery_token_hash = ? WHERE id = ? AND notified_at IS NULL', [Date.now(), hash, id])) > 0;

/**
 * A participant as its gallery token finds it: its row's gallery fields (`language` '' for the
 * event's) and its event's title, organiser, end date and default language (`event_language`, '' for English).
 */
export interface GalleryOwner {
  id: number;
  event_id: number;
  name: string;
  email: string;
  bib_number: string;
  viewed_at: number | null;
  bought_at: number | null;
  title: string;
  organizer_id: number;
  end_date: string;
  language: string;
  event_language: string;
}

/** The participant whose gallery token hashes to `hash`, with its event's title, or undefined. */
export const byTokenHash = (sql: Sql, hash: string) =>
  sql.get<GalleryOwner>(
    `SELECT p.id, p.event_id, p.name, p.email, p.bib_number, p.viewed_at, p.bought_at, p.language, e.title, e.company_id AS organizer_id, e.end_date,
       e.language AS event_language
     FROM participants p JOIN events e ON e.id = p.event_id WHERE p.gallery_token_hash = ?`,
    [hash],
  );

/**
 * The event's first sales campaign (by id): its title, payment slab id and app link
 * (`friendly_url`, src/common/campaign-links.ts appLink unless the organiser set one), or
 * undefined for a free event (no campaign sells photos).
 */
export const salesCampaignOf = (sql: Sql, eventId: number) =>
  sql.get<{ title: string; payment_slab: string; friendly_url: string }>(
    'SELECT title, payment_slab, friendly_url FROM campaigns WHERE event_id = ? AND is_sales_event <> 0 ORDER BY id LIMIT 1',
    [eventId],
  );

/** Photo `photoId` of event `eventId` when it has BIB `bib` (the participant's own), or undefined. */
export const ownPhoto = (sql: Sql, eventId: number, bib: string, photoId: number) =>
  sql.get<{ id: number; high_res_image: string }>('SELECT id, high_res_image FROM event_photos WHERE id = ? AND event_id = ? AND bid_number = ?', [
    photoId,
    eventId,
    bib,
  ]);

/** Marks participant `id` bought now, once; resolves to whether it changed. */
export const markBought = async (tx: Sql, id: number) =>
  (await tx.run('UPDATE participants SET bought_at = ? WHERE id = ? AND bought_at IS NULL', [Date.now(), id])) > 0;

/**
 * Marks bought (once) the participants with BIB `bib` of the events whose campaigns use
 * recognition event `recognitionId` (`campaigns.image_console_id`); resolves to their ids.
 */
export const markBoughtByPayment = async (tx: Sql, recognitionId: number, bib: string) =>
  (
    await tx.all<{ id: number }>(
      `UPDATE participants SET bought_at = ? WHERE bought_at IS NULL AND bib_number = ?
       AND event_id IN (SELECT event_id FROM campaigns WHERE image_console_id = ?) RETURNING id`,
      [Date.now(), bib, String(recognitionId)],
    )
  ).map((r) => r.id);

/** The photos of event `eventId` with BIB `bib` (low-resolution links), in id order. */
export const photosOf = (sql: Sql, eventId: number, bib: string) =>
  sql.all<{ id: number; bid_number: string; low_res_image: string; orientation: string }>(
    'SELECT id, bid_number, low_res_image, orientation FROM event_photos WHERE event_id = ? AND bid_number = ? ORDER BY id',
    [eventId, bib],
  );

/** The full-resolution links of event `eventId`'s photos with BIB `bib`, in id order, the first 1,000 (the gallery's "Download all"). */
export const fullPhotosOf = (sql: Sql, eventId: number, bib: string) =>
  sql.all<{ id: number; high_res_image: string }>('SELECT id, high_res_image FROM event_photos WHERE event_id = ? AND bid_number = ? ORDER BY id LIMIT 1000', [
    eventId,
    bib,
  ]);

/** Marks participant `id` viewed now, once (a later opening keeps the first time). */
export const markViewed = (sql: Sql, id: number) => sql.run('UPDATE participants SET viewed_at = ? WHERE id = ? AND viewed_at IS NULL', [Date.now(), id]);

/** Which of `bibs` are already participants of event `eventId`. */
export async function bibsOn(sql: Sql, eventId: number, bibs: string[]): Promise<Set<string>> {
  const found = new Set<string>();
  for (let i = 0; i < bibs.length; i += 500) {
    const part = bibs.slice(i, i + 500);
    for (const r of await sql.all<{ bib_number: string }>(
      `SELECT bib_number FROM participants WHERE event_id = ? AND bib_number IN (${part.map(() => '?').join(', ')})`,
      [eventId, ...part],
    ))
      found.add(r.bib_number);
  }
  return found;
}

/** A participant row as insertParticipant and an import write it (`language` a shipped locale, or '' for the event's). */
export interface NewParticipant {
  bib_number: string;
  name: string;
  email: string;
  face_consent: number;
  consent_date: string;
  language: string;
}

/**
 * Inserts `rows` of event `eventId` in one statement, each carrying `importJobId` (the import that
 * adds them, which its undo removes: db/queries/participant-undo.ts); resolves to their ids in order.
 */
export async function insertParticipants(tx: Sql, eventId: number, rows: NewParticipant[], importJobId: number): Promise<number[]> {
  if (!rows.length) return [];
  const now = Date.now();
  const got = await tx.all<{ id: number }>(
    `INSERT INTO participants (event_id, bib_number, name, email, face_consent, consent_date, language, import_job_id, created_at) VALUES ${rows.map(() => '(?, ?, ?, ?, ?, ?, ?, ?, ?)').join(', ')} RETURNING id`,
    rows.flatMap((p) => [eventId, p.bib_number, p.name, p.email, p.face_consent, p.consent_date, p.language, importJobId, now]),
  );
  return got.map((r) => Number(r.id)).sort((a, b) => a - b);
}
