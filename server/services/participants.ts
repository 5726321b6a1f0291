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
import { Invalid } from '../runtime/domain-errors.ts';
import { recordConsent } from './face-search.ts';
import { tokenHash } from './participant-records.ts';
import { recordActivity, type Who } from '../lib/activity/record.ts';
import { queueWebhookEvent } from '../lib/webhooks/emit.ts';
import { CSV_BOM, csvRow } from '../../src/common/csv-write.ts';
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
import type { Funnel, NotifyPreview, Participant, ParticipantInput, ParticipantStage } from '../../src/common/contract/participants.ts';

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

/** The gallery page's calls (routes/participants.ts calls them through this module). */
export { downloadAll, downloadPhoto, openGallery } from './participant-gallery.ts';
