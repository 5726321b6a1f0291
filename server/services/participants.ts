import { randomBytes } from 'node:crypto';
import type { z } from 'zod';
import type { Sql } from '../db/sql.ts';
import type { Paginator } from '../db/index.ts';
import type { ListQuery } from '../db/list-query.ts';
import { listPage } from '../db/list-page.ts';
import type { Event } from '../db/queries/events.ts';
import * as q from '../db/queries/participants.ts';
import { enqueueMail } from '../db/queries/outbox.ts';
import { getCompanySettings } from '../db/queries/settings.ts';
import { galleryMail } from '../lib/mail/templates.ts';
import { withinQuota } from '../lib/files/quota.ts';
import { Conflict, Invalid, NotFound } from '../runtime/domain-errors.ts';
import { PAYMENT_SLABS } from './recognition.ts';
import { galleryFaceSearch, recordConsent } from './face-search.ts';
import { galleryOwner, tokenHash } from './participant-records.ts';
import { recordActivity, type Who } from '../lib/activity/record.ts';
import { queueWebhookEvent } from '../lib/webhooks/emit.ts';
import { CSV_BOM, csvRow } from '../../src/common/csv-write.ts';
import { addGalleryView } from '../db/queries/insights.ts';
import { participantLocale } from '../../src/common/i18n/locales.ts';
import { startImportJob } from '../lib/jobs/import-jobs.ts';
import { readSpreadsheet, recordsOf, RowErrors } from '../lib/spreadsheets/spreadsheet.ts';
import { nextTurn, WORK_SLICE } from '../runtime/next-turn.ts';
import {
  bibRepeatedMessage,
  bibTakenMessage,
  PARTICIPANT_COLUMNS,
  PARTICIPANT_OPTIONAL_COLUMNS,
  participantRow,
  participantRowProblem,
} from '../../src/common/participant-sheet.ts';
import {
  GALLERY_SOLD,
  type Funnel,
  type Gallery,
  type GallerySale,
  type NotifyPreview,
  type Participant,
  type ParticipantInput,
  type ParticipantStage,
} from '../../src/common/contract/participants.ts';

/**
 * What the participant calls do (docs/participants.md): add one by hand (within the organiser's
 * storage quota), list, the funnel, the unmatched BIBs as CSV, notify the matched ones once with
 * a personal gallery link, and the public gallery. routes/participants.ts checks who asks
 * (the event's organiser) and reads the input; db/queries/participants.ts holds the rows.
 */

export const PARTICIPANT_LIST = q.PARTICIPANT_LIST;
export const participantScope = q.participantScope;

/** SHA-256 (hex) of a gallery token: what is stored and looked up. */

/** Adds a participant to `event` (face_consent yes: a consent receipt, source sheet); resolves to the stored participant. */
export async function addParticipant(sql: Sql, who: Who, event: Event, input: z.output<typeof ParticipantInput>): Promise<Participant | undefined> {
  const row = {
    bib_number: input.bib_number.trim(),
    name: input.name.trim(),
    email: (input.email ?? '').trim(),
    face_consent: input.face_consent === 'yes' ? 1 : 0,
    consent_date: input.consent_date ?? '',
    language: (input.language ?? '').trim().toLowerCase(),
  };
  const id = await sql.transaction((tx) =>
    withinQuota(tx, event.organizer_id, 'bib_number', async () => {
      // One participant per BIB on an event, as the sheet import keeps it (checked under the organiser's lock).
      if ((await q.bibsOn(tx, event.id, [row.bib_number])).size) throw new Invalid({ bib_number: [bibTakenMessage(row.bib_number)] });
      const id = await q.insertParticipant(tx, event.id, row);
      if (row.face_consent) await recordConsent(tx, event.id, id, 'sheet');
      await recordActivity(tx, who, {
        resource: 'participants',
        action: 'create',
        id,
        label: `${row.bib_number} ${row.name}`,
        organiserId: event.organizer_id,
        changes: Object.fromEntries(Object.entries({ event_id: event.id, ...row }).map(([k, v]) => [k, { from: null, to: v }])),
      });
      await queueWebhookEvent(tx, 'participant.created', event.organizer_id, { id, event_id: event.id, ...row, face_consent: row.face_consent === 1 });
      return id;
    }),
  );
  return q.getParticipant(sql, id);
}

/** The 409 answer while the organiser's previous participants import is still queued or running. */
export const PARTICIPANT_IMPORT_BUSY = 'Another participants import of this organiser is still running. Wait until it has finished, then import again.';
/** Rows written per statement inside the import's one transaction. */
const WRITE_BATCH = 100;

/**
 * Starts the import of participants sheet `file` (.csv or .xlsx, columns PARTICIPANT_COLUMNS;
 * docs/participants.md "The participants sheet") to `event` for user `userId`: every row checked
 * first (the form's rules, a BIB already on the event or repeated in the sheet): one bad row and
 * nothing starts, the 422 on `file` names the rows (the first 20). Then one background job writes
 * every row in one transaction under the organiser's storage quota, with a consent receipt (source
 * sheet) for each face_consent yes, and ends "Successfully imported participants". Each row carries
 * the job's id, so `import-job/{id}/undo` removes exactly them (services/import-undo.ts). Resolves
 * to the job id; 409 PARTICIPANT_IMPORT_BUSY while the organiser's previous import runs.
 */
export async function startParticipantImport(sql: Sql, who: Who, userId: number, event: Event, file: unknown): Promise<number> {
  const sheet = await readSpreadsheet(file, 'file');
  const records = await recordsOf(sheet, PARTICIPANT_COLUMNS, 'file', PARTICIPANT_OPTIONAL_COLUMNS);
  const errors = new RowErrors('file');
  const rows: q.NewParticipant[] = [];
  const firstRow = new Map<string, number>();
  for (const [i, { row, values }] of records.entries()) {
    if (i > 0 && i % WORK_SLICE === 0) await nextTurn();
    const problem = participantRowProblem(values);
    if (problem) {
      errors.add(row, problem);
      continue;
    }
    const v = participantRow(values);
    const first = firstRow.get(v.bib_number);
    if (first !== undefined) {
      errors.add(row, bibRepeatedMessage(v.bib_number, first));
      continue;
    }
    firstRow.set(v.bib_number, row);
    rows.push({ ...v, face_consent: v.face_consent === 'yes' ? 1 : 0 });
  }
  const taken = await q.bibsOn(
    sql,
    event.id,
    rows.map((r) => r.bib_number),
  );
  for (const r of rows) if (taken.has(r.bib_number)) errors.add(firstRow.get(r.bib_number)!, bibTakenMessage(r.bib_number));
  errors.throwIfAny();
  return startImportJob(
    sql,
    {
      kind: 'participants',
      ownerKey: `participants:${event.organizer_id}`,
      userId,
      rowsTotal: rows.length,
      passwordsTotal: 0,
      busyMessage: PARTICIPANT_IMPORT_BUSY,
    },
    (job) =>
      sql.transaction(async (tx) => {
        await withinQuota(tx, event.organizer_id, 'file', async () => {
          for (let i = 0; i < rows.length; i += WRITE_BATCH) {
            const batch = rows.slice(i, i + WRITE_BATCH);
            const ids = await q.insertParticipants(tx, event.id, batch, job.id);
            for (const [k, id] of ids.entries()) if (batch[k].face_consent) await recordConsent(tx, event.id, id, 'sheet');
            job.written(batch.length);
            await nextTurn();
          }
        });
        await job.done(tx, 'Successfully imported participants');
        await queueWebhookEvent(tx, 'participants.imported', event.organizer_id, { import_job_id: job.id, event_id: event.id, rows: rows.length });
      }),
    (tx, id) =>
      recordActivity(tx, who, {
        resource: 'imports',
        action: 'import',
        id,
        label: 'Participants import',
        organiserId: event.organizer_id,
        changes: { rows: { from: null, to: rows.length }, event_id: { from: null, to: event.id } },
      }),
  );
}

/** One page of the event's participants (search, sort, `stage` filter). */
export const listParticipants = (sql: Sql, eventId: number, page: number, lq: ListQuery): Promise<Paginator<Participant>> =>
  listPage<Participant>(sql, q.PARTICIPANT_LIST, lq, q.participantScope(eventId), page, 10);

/** The event's funnel: the counts the database keeps per event (db/queries/participants.ts funnelOf). */
export const funnel = (sql: Sql, eventId: number): Promise<Funnel> => q.funnelOf(sql, eventId);

/** CSV (with BOM) of the BIBs of the event's participants at `stage`: header `bib_number`, one row each. */
export async function stageCsv(sql: Sql, eventId: number, stage: ParticipantStage): Promise<string> {
  const bibs = await q.bibsAt(sql, eventId, stage);
  return CSV_BOM + csvRow(['bib_number']) + bibs.map((b) => csvRow([b])).join('');
}

/** What the personal link reads as in the notify preview: the real one is made when the e-mail is queued. */
export const PREVIEW_LINK = '<personal gallery link>';

/**
 * What notifying `event`'s matched participants would send (NotifyPreview): how many e-mails, how
 * many matched participants have no address, and the e-mail the first of them would get, its
 * link shown as PREVIEW_LINK, in that participant's language (participantLocale). Nothing is written.
 */
export async function notifyPreview(sql: Sql, event: Event): Promise<NotifyPreview> {
  const counts = await q.notifyCounts(sql, event.id);
  const first = await q.firstToNotify(sql, event.id);
  const locale = participantLocale(first?.language, event.language);
  const mail = galleryMail((await getCompanySettings(sql)).name, { name: first?.name ?? '<name>', event: event.title, url: PREVIEW_LINK }, locale);
  return { ...counts, subject: mail.subject, text: mail.text };
}

/** The answer of POST notify-matched: how many e-mails were queued (they go out through the outbox afterwards). */
export const notifiedMessage = (n: number) => (n === 0 ? 'Everyone matched was already notified.' : `${n} e-mail${n === 1 ? ' is' : 's are'} queued.`);

/**
 * Queues the "your photos are ready" e-mail of every matched, not yet notified participant of
 * `event` with an e-mail address, in the participant's language (else the event's, else English;
 * its Content-Language), each with a new gallery link `${publicUrl}/gallery/<token>`
 * (32 random bytes, base64url; only its SHA-256 stored), and marks them notified, all in one
 * transaction; resolves to how many were queued (0 when everyone was already notified).
 */
export async function notifyMatched(sql: Sql, who: Who, event: Event, publicUrl: string): Promise<number> {
  const base = publicUrl.replace(/\/+$/, '');
  return sql.transaction(async (tx) => {
    const company = (await getCompanySettings(tx)).name;
    let sent = 0;
    for (const p of await q.toNotify(tx, event.id)) {
      const token = randomBytes(32).toString('base64url');
      if (!(await q.markNotified(tx, p.id, tokenHash(token)))) continue;
      const language = participantLocale(p.language, event.language);
      const mail = galleryMail(company, { name: p.name, event: event.title, url: `${base}/gallery/${token}` }, language);
      await enqueueMail(tx, { kind: 'gallery', to: p.email, toName: p.name, subject: mail.subject, text: mail.text, html: mail.html, refId: p.id, language });
      sent++;
    }
    if (sent) {
      await recordActivity(tx, who, {
        resource: 'participants',
        action: 'update',
        id: null,
        label: `${event.title}: ${sent} notified`,
        organiserId: event.organizer_id,
        changes: { notified: { from: null, to: sent }, event_id: { from: null, to: event.id } },
      });
    }
    return sent;
  });
}

/**
 * The activity entry of a participant's own act on their gallery page: no resource id, so the
 * row's actor (recordActivity takes the entry's id for a call without a user) is the participant
 * by name and BIB, never a user id; the participant's id is among the changes.
 */
const galleryEntry = (p: q.GalleryOwner, changes: Record<string, { from: unknown; to: unknown }>) => ({
  resource: 'participants' as const,
  action: 'update' as const,
  id: null,
  label: `Participant ${p.bib_number} ${p.name}`,
  organiserId: p.organizer_id,
  changes: { participant_id: { from: null, to: p.id }, ...changes },
});

/** A participant's fields a gallery webhook carries (docs/webhooks.md): ids, BIB and name. */
const galleryData = (p: q.GalleryOwner) => ({ id: p.id, event_id: p.event_id, bib_number: p.bib_number, name: p.name });

/** Marks participant `p` viewed on the first opening of its gallery, queuing gallery.viewed in the same transaction `tx`. */
async function viewedOnce(tx: Sql, p: q.GalleryOwner): Promise<void> {
  if (p.viewed_at == null && (await q.markViewed(tx, p.id))) await queueWebhookEvent(tx, 'gallery.viewed', p.organizer_id, galleryData(p));
}

/** How event `eventId`'s photos are bought, or null for a free event (no sales campaign). */
async function saleOf(sql: Sql, eventId: number): Promise<GallerySale | null> {
  const c = await q.salesCampaignOf(sql, eventId);
  if (!c) return null;
  const slab = PAYMENT_SLABS[Number(c.payment_slab)];
  return { campaign: c.title, slab: slab?.name ?? c.payment_slab, description: slab?.description ?? '', link: c.friendly_url };
}

/**
 * The gallery a token opens: the event's name, the language the page opens in (the participant's,
 * else the event's, else English), the participant's name and BIB, the event's photos
 * with that BIB, and how to buy them (null: a free event). Marks the participant viewed on the
 * first opening, and counts every opening in the event's insights (gallery views, migration 041);
 * its face-search part (services/face-search.ts). 404 "Gallery not found." for a token that opens none.
 */
export async function openGallery(sql: Sql, token: string): Promise<Gallery> {
  const p = await galleryOwner(sql, token);
  await sql.transaction(async (tx) => {
    await viewedOnce(tx, p);
    await addGalleryView(tx, p.event_id, Date.now());
  });
  return {
    event: { title: p.title },
    language: participantLocale(p.language, p.event_language),
    participant: { name: p.name, bib_number: p.bib_number },
    photos: await q.photosOf(sql, p.event_id, p.bib_number),
    sale: await saleOf(sql, p.event_id),
    face_search: await galleryFaceSearch(sql, p),
  };
}

/**
 * A free event's photo downloaded from the gallery: resolves to its full-resolution link and marks
 * the participant bought (once; viewed too if the page was not opened first, so the funnel's
 * stages stay subsets). 404 "Gallery not found." for a wrong token, 404 "Photo not found." for a
 * photo that is not the participant's, 409 GALLERY_SOLD for a sales event.
 */
export async function downloadPhoto(sql: Sql, who: Who, token: string, photoId: number): Promise<{ url: string }> {
  const p = await galleryOwner(sql, token);
  const photo = await q.ownPhoto(sql, p.event_id, p.bib_number, photoId);
  if (!photo) throw new NotFound('Photo');
  if (await q.salesCampaignOf(sql, p.event_id)) throw new Conflict(GALLERY_SOLD);
  await sql.transaction(async (tx) => {
    await viewedOnce(tx, p);
    if (await q.markBought(tx, p.id)) {
      await recordActivity(tx, who, galleryEntry(p, { bought: { from: null, to: `photo ${photo.id} downloaded` } }));
      await queueWebhookEvent(tx, 'participant.bought', p.organizer_id, { ...galleryData(p), how: 'download', photos: 1 });
    }
  });
  return { url: photo.high_res_image };
}

/**
 * "Download all" on a free event's gallery: the full-resolution links of all the participant's
 * photos (id order), marking them bought once as a single download does. 404 "Gallery not found."
 * for a wrong token, 409 GALLERY_SOLD for a sales event; no photos answers an empty list.
 */
export async function downloadAll(sql: Sql, who: Who, token: string): Promise<{ photos: { id: number; url: string }[] }> {
  const p = await galleryOwner(sql, token);
  if (await q.salesCampaignOf(sql, p.event_id)) throw new Conflict(GALLERY_SOLD);
  const photos = await q.fullPhotosOf(sql, p.event_id, p.bib_number);
  if (photos.length) {
    await sql.transaction(async (tx) => {
      await viewedOnce(tx, p);
      if (await q.markBought(tx, p.id)) {
        await recordActivity(tx, who, galleryEntry(p, { bought: { from: null, to: `${photos.length} photos downloaded` } }));
        await queueWebhookEvent(tx, 'participant.bought', p.organizer_id, { ...galleryData(p), how: 'download', photos: photos.length });
      }
    });
  }
  return { photos: photos.map((r) => ({ id: r.id, url: r.high_res_image })) };
}
