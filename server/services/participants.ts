import { createHash, randomBytes } from 'node:crypto';
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
import { notFound } from '../http-error.ts';
import { recordActivity, type Who } from '../lib/activity/record.ts';
import { CSV_BOM, csvRow } from '../../src/common/csv-write.ts';
import type { Funnel, Gallery, Participant, ParticipantInput, ParticipantStage } from '../../src/common/contract/participants.ts';

/**
 * What the participant calls do (docs/participants.md): add one by hand (within the organiser's
 * storage quota), list, the funnel, the unmatched BIBs as CSV, notify the matched ones once with
 * a personal gallery link, and the public gallery. routes/participants.ts checks who asks
 * (the event's organiser) and reads the input; db/queries/participants.ts holds the rows.
 */

export const PARTICIPANT_LIST = q.PARTICIPANT_LIST;
export const participantScope = q.participantScope;

/** SHA-256 (hex) of a gallery token: what is stored and looked up. */
export const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

/** Adds a participant to `event`; resolves to the stored participant. */
export async function addParticipant(sql: Sql, who: Who, event: Event, input: z.output<typeof ParticipantInput>): Promise<Participant | undefined> {
  const row = {
    bib_number: input.bib_number.trim(), name: input.name.trim(), email: (input.email ?? '').trim(),
    face_consent: input.face_consent === 'yes' ? 1 : 0, consent_date: input.consent_date ?? '',
  };
  const id = await sql.transaction((tx) => withinQuota(tx, event.organizer_id, 'bib_number', async () => {
    const id = await q.insertParticipant(tx, event.id, row);
    await recordActivity(tx, who, { resource: 'participants', action: 'create', id, label: `${row.bib_number} ${row.name}`, organiserId: event.organizer_id,
      changes: Object.fromEntries(Object.entries({ event_id: event.id, ...row }).map(([k, v]) => [k, { from: null, to: v }])) });
    return id;
  }));
  return q.getParticipant(sql, id);
}

/** One page of the event's participants (search, sort, `stage` filter). */
export const listParticipants = (sql: Sql, eventId: number, page: number, lq: ListQuery): Promise<Paginator<Participant>> =>
  listPage<Participant>(sql, q.PARTICIPANT_LIST, lq, q.participantScope(eventId), page, 10);

/** The event's funnel. */
export const funnel = (sql: Sql, eventId: number): Promise<Funnel> => q.funnelOf(sql, eventId);

/** CSV (with BOM) of the BIBs of the event's participants at `stage`: header `bib_number`, one row each. */
export async function stageCsv(sql: Sql, eventId: number, stage: ParticipantStage): Promise<string> {
  const bibs = await q.bibsAt(sql, eventId, stage);
  return CSV_BOM + csvRow(['bib_number']) + bibs.map((b) => csvRow([b])).join('');
}

/**
 * Queues the "your photos are ready" e-mail of every matched, not yet notified participant of
 * `event` with an e-mail address, each with a new gallery link `${publicUrl}/gallery/<token>`
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
      const mail = galleryMail(company, { name: p.name, event: event.title, url: `${base}/gallery/${token}` });
      await enqueueMail(tx, { kind: 'gallery', to: p.email, toName: p.name, subject: mail.subject, text: mail.text, html: mail.html, refId: p.id });
      sent++;
    }
    if (sent) {
      await recordActivity(tx, who, { resource: 'participants', action: 'update', id: null, label: `${event.title}: ${sent} notified`, organiserId: event.organizer_id,
        changes: { notified: { from: null, to: sent }, event_id: { from: null, to: event.id } } });
    }
    return sent;
  });
}

/**
 * The gallery a token opens: the event's name, the participant's name and BIB, the event's photos
 * with that BIB. Marks the participant viewed on the first opening. 404 "Gallery not found." for
 * a token that opens none (looked up by its hash, so the answer takes the same path either way).
 */
export async function openGallery(sql: Sql, token: string): Promise<Gallery> {
  const p = await q.byTokenHash(sql, tokenHash(token));
  if (!p) throw notFound('Gallery');
  if (p.viewed_at == null) await q.markViewed(sql, p.id);
  return { event: { title: p.title }, participant: { name: p.name, bib_number: p.bib_number }, photos: await q.photosOf(sql, p.event_id, p.bib_number) };
}
