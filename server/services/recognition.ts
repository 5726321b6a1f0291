import type { Sql } from '../db/sql.ts';
import { Invalid, NotFound, UpstreamFailed } from '../runtime/domain-errors.ts';
import { withinQuota } from '../lib/files/quota.ts';
import * as q from '../db/queries/recognition.ts';
import { recordActivity, type Who } from '../lib/activity/record.ts';
import { amountCents, participantPaymentProblems } from '../../src/common/participant-payment.ts';
import { addSale } from '../db/queries/insights.ts';
import { boughtByPayment } from './participant-records.ts';
import { faceDataDeleted, recordFaceDeletion } from '../db/queries/face-search.ts';
import type { z } from 'zod';
import type { BibFilter, ParticipantPaymentInput, PaymentSlabs, RecognitionEventInput } from '../../src/common/contract/recognition.ts';

/**
 * What the photo-recognition calls do (DESIGN.md §4, organiser-console §7; docs/campaigns.md):
 * with an upstream service (RECOGNITION_UPSTREAM_URL) each write is forwarded by `forward` and
 * then recorded here; otherwise the built-in emulation keeps the events, BIB filters and
 * participant payments. Stored settings count against the organiser's storage quota. The route
 * (server/recognition/routes.ts) checks who asks (the event's organiser) and reads the input
 * (common/contract/organiser.ts RecognitionEventInput, BibFilterInput, ParticipantPaymentInput).
 */

/** Forwards one call to the upstream service and resolves to its answer's body (throws its refusal). */
export type Forward = (method: string, path: string, body?: unknown) => Promise<{ message?: string; data?: unknown }>;

/** Payment slabs the reference service offers (organiser-console §3 "Payment slab"), keyed by id. */
export const PAYMENT_SLABS: PaymentSlabs = {
  1: { name: 'Basic', description: 'Single photo download per participant' },
  2: { name: 'Standard', description: 'Up to 10 photos per participant' },
  3: { name: 'Premium', description: 'All photos of the participant, high resolution' },
};

/** A recognition event's settings as checked (only the contract's fields, as sent). */
type EventSettings = z.output<typeof RecognitionEventInput>;

/** Creates a recognition event of organiser `owner` (null: staff); upstream first when there is one (502 when it answers no id). Resolves to its id and message. */
export async function createEvent(
  sql: Sql,
  who: Who,
  owner: number | null,
  settings: EventSettings,
  forward: Forward | null,
): Promise<{ id: number; message: string }> {
  const logged = (tx: Sql, id: number) =>
    recordActivity(tx, who, { resource: 'recognition', action: 'create', id, label: String(settings.name ?? ''), organiserId: owner, changes: {} });
  if (!forward) {
    const id = await sql.transaction(async (tx) => {
      const id = await withinQuota(tx, owner, 'name', () => q.insertRecognitionEvent(tx, settings, owner));
      await logged(tx, id);
      return id;
    });
    return { id, message: 'Event created successfully.' };
  }
  const answer = await forward('POST', 'events', settings);
  const id = Number((answer.data as { id?: unknown } | null)?.id);
  if (!Number.isSafeInteger(id) || id <= 0) throw new UpstreamFailed('The photo-recognition service answered without an event id.');
  await sql.transaction(async (tx) => {
    await withinQuota(tx, owner, 'name', () => q.recordUpstreamEvent(tx, id, settings, owner));
    await logged(tx, id);
  });
  return { id, message: answer.message || 'Event created successfully.' };
}

/** Replaces `event`'s settings (upstream first when there is one). */
export async function updateEvent(sql: Sql, who: Who, event: q.RecognitionEvent, settings: EventSettings, forward: Forward | null): Promise<void> {
  if (forward) await forward('PUT', `events/${event.id}`, settings);
  await sql.transaction(async (tx) => {
    if (!(await withinQuota(tx, event.company_id, 'name', () => q.setPayload(tx, event.id, event.company_id, settings)))) throw new NotFound('Event');
    await recordActivity(tx, who, {
      resource: 'recognition',
      action: 'update',
      id: event.id,
      label: String(settings.name ?? ''),
      organiserId: event.company_id,
      changes: {},
    });
  });
}

/** Deletes `event` (upstream first when there is one). */
export async function deleteEvent(sql: Sql, who: Who, event: q.RecognitionEvent, forward: Forward | null): Promise<void> {
  if (forward) await forward('DELETE', `events/${event.id}`);
  await sql.transaction(async (tx) => {
    if (!(await q.deleteRecognitionEvent(tx, event.id, event.company_id))) return;
    await recordActivity(tx, who, { resource: 'recognition', action: 'delete', id: event.id, label: '', organiserId: event.company_id, changes: {} });
  });
}

/** Saves `event`'s BIB filter (upstream first when there is one); resolves to the stored filter. 404 when the event went meanwhile. */
export async function saveBibFilter(
  sql: Sql,
  who: Who,
  event: q.RecognitionEvent,
  input: Record<string, unknown>,
  forward: Forward | null,
): Promise<z.infer<typeof BibFilter>> {
  const text = (v: unknown) => String(v ?? '');
  const filter = {
    bib_start_range: text(input.bib_start_range),
    bib_end_range: text(input.bib_end_range),
    bib_prefix: text(input.bib_prefix),
    bib_suffix: text(input.bib_suffix),
    bib_length: text(input.bib_length),
    is_bib_present: input.is_bib_present === true,
  };
  if (forward) await forward('POST', `events/${event.id}/bib_filter`, filter);
  await sql.transaction(async (tx) => {
    if (!(await withinQuota(tx, event.company_id, 'bib_start_range', () => q.setBibFilter(tx, event.id, event.company_id, filter))))
      throw new NotFound('Event');
    await recordActivity(tx, who, { resource: 'recognition', action: 'update', id: event.id, label: '', organiserId: event.company_id, changes: {} });
  });
  return filter;
}

/**
 * Records a participant's payment for `event` (common/contract/participant-payment.ts rules:
 * 422 naming each field; the emulation knows its slab ids, upstream checks its own) and marks
 * bought the participants with that BIB of the events whose campaigns use `event`
 * (docs/participants.md). Resolves to what is answered: the stored payment, or the upstream's data.
 */
export async function recordPayment(
  sql: Sql,
  who: Who,
  event: { id: number; company_id: number | null },
  input: z.output<typeof ParticipantPaymentInput>,
  forward: Forward | null,
): Promise<unknown> {
  const problems = participantPaymentProblems(input, forward ? undefined : Object.keys(PAYMENT_SLABS));
  if (Object.keys(problems).length) throw new Invalid(Object.fromEntries(Object.entries(problems).map(([k, m]) => [k, [m]])));
  const payment = {
    event_id: event.id,
    bib_number: String(input.bib_number).trim(),
    email: String(input.email ?? '').trim(),
    payment_slab: String(input.payment_slab).trim(),
  };
  // The amount paid, when given, counts in the event's insights (revenue per slab); the upstream service is sent the call's own fields only.
  const cents = amountCents(input.amount);
  const amount = String(input.amount ?? '').trim();
  if (forward) {
    const data = (await forward('POST', 'events/payment/participant', payment)).data;
    await sql.transaction(async (tx) => {
      await addSale(tx, event.id, payment.payment_slab, cents, Date.now());
      await boughtByPayment(tx, who, event.id, payment.bib_number, event.company_id);
    });
    return data;
  }
  const id = await sql.transaction(async (tx) => {
    const id = await q.insertParticipantPayment(tx, event.id, amount ? { ...payment, amount } : payment);
    await addSale(tx, event.id, payment.payment_slab, cents, Date.now());
    await recordActivity(tx, who, { resource: 'recognition', action: 'create', id, label: 'Participant payment', organiserId: event.company_id, changes: {} });
    await boughtByPayment(tx, who, event.id, payment.bib_number, event.company_id);
    return id;
  });
  return { id, ...payment };
}

/**
 * Deletes the face data of recognition event `recognitionId` at the photo-recognition service:
 * the whole event's when `bib` is '', else the participant's with that BIB
 * (docs/participants.md "Face search"). Upstream: `DELETE events/{id}/faces` or
 * `DELETE events/{id}/faces/{bib}` (its refusal is thrown); the emulation records the deletion
 * through `sql` (the caller's transaction) and refuses the face searches it covers afterwards.
 */
export async function deleteFaceData(sql: Sql, recognitionId: number, bib: string, forward: Forward | null): Promise<void> {
  if (forward) await forward('DELETE', `events/${recognitionId}/faces${bib ? `/${encodeURIComponent(bib)}` : ''}`);
  else await recordFaceDeletion(sql, recognitionId, bib);
}

/** Whether the emulation still searches faces of `bib` in recognition event `recognitionId` (false after a deletion covering it). */
export const faceSearchOpen = async (sql: Sql, recognitionId: number, bib: string): Promise<boolean> => !(await faceDataDeleted(sql, recognitionId, bib));
