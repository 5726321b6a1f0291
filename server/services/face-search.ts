import type { z } from 'zod';
import type { Sql } from '../db/sql.ts';
import type { Event } from '../db/queries/events.ts';
import * as q from '../db/queries/face-search.ts';
import { photosOf, type GalleryOwner } from '../db/queries/participants.ts';
import { Conflict, NotFound, Refused } from '../runtime/domain-errors.ts';
import { recordActivity, type Who } from '../lib/activity/record.ts';
import { deleteFaceData, faceSearchOpen, type Forward } from './recognition.ts';
import { galleryOwner } from './participant-records.ts';
import { newReceiptCode, queueReceiptMail } from './face-receipts.ts';
import type {
  ConsentReceipt,
  ConsentWithdrawal,
  ErasureReceipt,
  FaceSearchInput,
  FaceSearchSettings,
  GalleryFaceSearch,
} from '../../src/common/contract/participants.ts';
import { NO_CONSENT_TO_WITHDRAW } from '../../src/common/face-consent.ts';
import { consentText, DEFAULT_RETENTION_DAYS, faceDataErased, faceSearchClosed } from '../../src/common/contract/rules.ts';

/**
 * Face-search consent, retention, purge and erasure per event (docs/participants.md "Face
 * search"). An event's face search is `off` or offered with `consent`: only participants with a
 * consent receipt in force (from the sheet's or the form's face_consent yes, or agreed on their
 * gallery page) are offered it. The face data is purged at the photo-recognition service
 * (services/recognition.ts deleteFaceData) once `retention_days` have passed after the event's
 * end date (the daily job, face-data-retention.ts) or at once on the organiser's request; face
 * search is then closed for good. An erasure deletes one participant's face data, withdraws their
 * consent and answers a receipt; it is final for that participant (their BIB) at that event: a
 * later "I agree" from their gallery link and their face searches are refused.
 */

/** YYYY-MM-DD of `ms` (UTC). */
export const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The day (YYYY-MM-DD) `days` after `endDate` (YYYY-MM-DD): the day the event's face data is purged. */
export const purgeDay = (endDate: string, days: number): string => {
  const t = Date.parse(`${endDate}T00:00:00Z`);
  return Number.isFinite(t) ? dayOf(t + days * 86_400_000) : endDate;
};

/** An event's settings as answered, from its row (none: off, 30 days, no version, open). */
const settingsFrom = (row: q.FaceSearchRow | undefined, endDate: string): FaceSearchSettings => {
  const retention = row?.retention_days ?? DEFAULT_RETENTION_DAYS;
  return {
    mode: row?.mode ?? 'off',
    retention_days: retention,
    consent_version: row?.consent_version ?? '',
    purge_on: purgeDay(endDate, retention),
    closed_on: row?.purged_at != null ? dayOf(row.purged_at) : null,
  };
};

/** `event`'s face-search settings. */
export const settingsOf = async (sql: Sql, event: Pick<Event, 'id' | 'end_date'>): Promise<FaceSearchSettings> =>
  settingsFrom(await q.settingsOf(sql, event.id), event.end_date);

/** Saves `event`'s mode, retention (default 30) and consent version; resolves to the settings. A purged event stays closed. */
export async function saveSettings(sql: Sql, who: Who, event: Event, input: z.output<typeof FaceSearchInput>): Promise<FaceSearchSettings> {
  const next = {
    mode: input.mode,
    retention_days: input.retention_days ? Number(input.retention_days) : DEFAULT_RETENTION_DAYS,
    consent_version: (input.consent_version ?? '').trim(),
  };
  await sql.transaction(async (tx) => {
    const before = settingsFrom(await q.settingsOf(tx, event.id), event.end_date);
    await q.saveSettings(tx, event.id, next);
    const changes = Object.fromEntries(
      (['mode', 'retention_days', 'consent_version'] as const)
        .filter((k) => before[k] !== next[k])
        .map((k) => [`face_search_${k}`, { from: before[k], to: next[k] }]),
    );
    await recordActivity(tx, who, {
      resource: 'participants',
      action: 'update',
      id: event.id,
      label: `${event.title}: face search`,
      organiserId: event.organizer_id,
      changes,
    });
  });
  return settingsOf(sql, event);
}

/** `eventId`'s consent receipts, newest first (never an image). */
export const consentsOf = (sql: Sql, eventId: number): Promise<ConsentReceipt[]> => q.consentsOf(sql, eventId);

/** Records a consent receipt for participant `participantId` of `eventId` with the event's current consent version; within `tx`. */
export async function recordConsent(tx: Sql, eventId: number, participantId: number, source: 'sheet' | 'gallery'): Promise<number> {
  const version = (await q.settingsOf(tx, eventId))?.consent_version ?? '';
  return q.insertConsent(tx, { participant_id: participantId, event_id: eventId, version, source });
}

/**
 * Purges `event`'s face data now: the recognition service's delete for each recognition event of
 * its campaigns (upstream first, outside the transaction), then `purged_at` and the activity row
 * in one transaction. Once purged, a second purge changes nothing. Resolves to the settings
 * (`closed_on` set). `why` is said in the activity row.
 */
export async function purge(
  sql: Sql,
  who: Who,
  event: Pick<Event, 'id' | 'title' | 'end_date' | 'organizer_id'>,
  forward: Forward | null,
  why: 'request' | 'retention',
): Promise<FaceSearchSettings> {
  const row = await q.settingsOf(sql, event.id);
  if (row?.purged_at != null) return settingsFrom(row, event.end_date);
  const ids = await q.recognitionIdsOf(sql, event.id);
  if (forward) for (const id of ids) await deleteFaceData(sql, id, '', forward);
  await sql.transaction(async (tx) => {
    if (!forward) for (const id of ids) await deleteFaceData(tx, id, '', null);
    if (!(await q.markPurged(tx, event.id, Date.now()))) return;
    await recordActivity(tx, who, {
      resource: 'participants',
      action: 'update',
      id: who.id === null ? null : event.id,
      label: `${event.title}: face data purged`,
      organiserId: event.organizer_id,
      changes: {
        face_search: { from: 'open', to: why === 'retention' ? 'purged after the retention' : 'purged on request' },
        event_id: { from: null, to: event.id },
        recognition_events: { from: null, to: ids.join(', ') },
      },
    });
  });
  return settingsOf(sql, event);
}

/**
 * Erases participant `p`'s face data of `event`: the recognition service's delete for their BIB
 * in each recognition event of the event's campaigns, their consent withdrawn, an erasure receipt
 * with an unguessable code stored and, when the participant has an address, e-mailed to them
 * (the outbox), in one transaction (upstream deletes first). Resolves to the receipt.
 */
export async function erase(
  sql: Sql,
  who: Who,
  event: { id: number; organizer_id: number; title: string; language: string },
  p: { id: number; bib_number: string; name: string; email: string; language: string },
  source: 'gallery' | 'organiser',
  forward: Forward | null,
): Promise<ErasureReceipt> {
  const ids = await q.recognitionIdsOf(sql, event.id);
  if (forward) for (const id of ids) await deleteFaceData(sql, id, p.bib_number, forward);
  return sql.transaction(async (tx) => {
    if (!forward) for (const id of ids) await deleteFaceData(tx, id, p.bib_number, null);
    const withdrawn = await q.withdrawConsents(tx, p.id);
    const receipt = await q.insertErasure(tx, { event_id: event.id, participant_id: p.id, bib_number: p.bib_number, source, code: newReceiptCode() });
    await queueReceiptMail(tx, 'erasure', p, event, receipt.created_at, receipt.code);
    await recordActivity(tx, who, {
      resource: 'participants',
      action: 'update',
      id: source === 'gallery' ? null : p.id,
      label: `Participant ${p.bib_number} ${p.name}`,
      organiserId: event.organizer_id,
      changes: {
        participant_id: { from: null, to: p.id },
        face_data: { from: 'kept', to: `erased (receipt ${receipt.code})` },
        ...(withdrawn ? { face_consent: { from: 'given', to: 'withdrawn' } } : {}),
      },
    });
    return receipt;
  });
}

/** The organiser records an erasure request for participant `participantId` of `event`; 404 "Participant not found." for none of the event. */
export async function eraseByOrganiser(sql: Sql, who: Who, event: Event, participantId: number, forward: Forward | null): Promise<ErasureReceipt> {
  const p = await q.participantOf(sql, event.id, participantId);
  if (!p) throw new NotFound('Participant');
  return erase(sql, who, event, p, 'organiser', forward);
}

/** The day (YYYY-MM-DD) participant `p`'s face data was first erased (their BIB at their event), or null. */
const erasedOn = async (sql: Sql, p: Pick<GalleryOwner, 'event_id' | 'bib_number'>): Promise<string | null> => {
  const at = await q.erasedAt(sql, p.event_id, p.bib_number);
  return at === null ? null : dayOf(at);
};

/**
 * The gallery's face-search part for participant `p` (GalleryFaceSearch): offered only with a
 * consent receipt in force and no erasure; once erased, `erased_on` says the day and there is no
 * consent text to agree to.
 */
export async function galleryFaceSearch(sql: Sql, p: GalleryOwner): Promise<GalleryFaceSearch> {
  const s = await settingsOf(sql, { id: p.event_id, end_date: p.end_date });
  const consented = !!(await q.activeConsent(sql, p.id));
  const erased = await erasedOn(sql, p);
  const newest = await q.newestConsent(sql, p.id);
  return {
    mode: s.mode,
    offered: s.mode === 'consent' && s.closed_on === null && consented && erased === null,
    consent_text: s.mode === 'consent' && erased === null ? consentText(p.title, s.purge_on) : '',
    consent_version: s.consent_version,
    closed_on: s.closed_on,
    erased_on: erased,
    purge_on: s.purge_on,
    consent: newest
      ? {
          source: newest.source,
          version: newest.version,
          given_at: Number(newest.created_at),
          withdrawn_at: newest.withdrawn_at == null ? null : Number(newest.withdrawn_at),
        }
      : null,
  };
}

/**
 * Refuses when `p` may not use face search now: 409 once the event is purged (the purge day
 * said), 403 with face search off, 403 faceDataErased once their face data was erased (an
 * erasure is final for them at this event, docs/participants.md "Erasure").
 */
async function openFor(sql: Sql, p: GalleryOwner): Promise<FaceSearchSettings> {
  const s = await settingsOf(sql, { id: p.event_id, end_date: p.end_date });
  if (s.closed_on) throw new Conflict(faceSearchClosed(s.closed_on));
  if (s.mode !== 'consent') throw new Refused('Face search is not offered for this event.');
  const erased = await erasedOn(sql, p);
  if (erased) throw new Refused(faceDataErased(erased));
  return s;
}

/**
 * "I agree" on the gallery page: a consent receipt (source gallery, the current version) unless
 * one is in force; 403/409 when face search is not offered, 403 faceDataErased once the
 * participant's face data was erased (no receipt is written then).
 */
export async function consentFromGallery(sql: Sql, who: Who, token: string): Promise<GalleryFaceSearch> {
  const p = await galleryOwner(sql, token);
  await openFor(sql, p);
  if (!(await q.activeConsent(sql, p.id))) {
    await sql.transaction(async (tx) => {
      const id = await recordConsent(tx, p.event_id, p.id, 'gallery');
      await recordActivity(tx, who, {
        resource: 'participants',
        action: 'update',
        id: null,
        label: `Participant ${p.bib_number} ${p.name}`,
        organiserId: p.organizer_id,
        changes: { participant_id: { from: null, to: p.id }, face_consent: { from: null, to: `given on the gallery page (receipt ${id})` } },
      });
    });
  }
  return galleryFaceSearch(sql, p);
}

/**
 * A face search from the gallery page: 403 without a consent receipt in force (or face search
 * off), 403 faceDataErased once the participant's face data was erased (whatever consent came
 * after), 409 "Face search closed on <date>." once purged or when the recognition service refuses
 * (its face data deleted). The emulation stands in for the match with the participant's photos
 * (those with their BIB).
 */
export async function searchFromGallery(sql: Sql, token: string): Promise<{ photos: { id: number; bid_number: string; low_res_image: string }[] }> {
  const p = await galleryOwner(sql, token);
  await openFor(sql, p);
  if (!(await q.activeConsent(sql, p.id))) throw new Refused('Face search needs your consent: agree to it first.');
  for (const id of await q.recognitionIdsOf(sql, p.event_id)) {
    if (!(await faceSearchOpen(sql, id, p.bib_number))) throw new Conflict(faceSearchClosed(dayOf(Date.now())));
  }
  return { photos: await photosOf(sql, p.event_id, p.bib_number) };
}

/** An erasure the participant asks for on their gallery page; resolves to the receipt. */
export async function eraseFromGallery(sql: Sql, who: Who, token: string, forward: Forward | null): Promise<ErasureReceipt> {
  const p = await galleryOwner(sql, token);
  return erase(sql, who, { id: p.event_id, organizer_id: p.organizer_id, title: p.title, language: p.event_language }, p, 'gallery', forward);
}

/**
 * "Withdraw consent" on the gallery page: the participant's consent receipts in force are withdrawn
 * (face search is then refused: 403 "Face search needs your consent: agree to it first." until
 * they agree again), with a receipt code stored on the newest and e-mailed when they have an
 * address, and an activity row with the participant as actor; one transaction. 409
 * NO_CONSENT_TO_WITHDRAW when none is in force. Resolves to the receipt and the face-search part after it.
 */
export async function withdrawFromGallery(sql: Sql, who: Who, token: string): Promise<ConsentWithdrawal> {
  const p = await galleryOwner(sql, token);
  const at = Date.now();
  const code = newReceiptCode();
  await sql.transaction(async (tx) => {
    if (!(await q.withdrawByParticipant(tx, p.id, at, code))) throw new Conflict(NO_CONSENT_TO_WITHDRAW);
    await queueReceiptMail(tx, 'withdrawal', p, { title: p.title, language: p.event_language }, at, code);
    await recordActivity(tx, who, {
      resource: 'participants',
      action: 'update',
      id: null,
      label: `Participant ${p.bib_number} ${p.name}`,
      organiserId: p.organizer_id,
      changes: { participant_id: { from: null, to: p.id }, face_consent: { from: 'given', to: `withdrawn on the gallery page (receipt ${code})` } },
    });
  });
  return { code, withdrawn_at: at, face_search: await galleryFaceSearch(sql, p) };
}
