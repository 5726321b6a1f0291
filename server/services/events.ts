import type { Sql } from '../db/sql.ts';
import type { FileStore } from '../lib/files/file-store.ts';
import { NotFound } from '../runtime/domain-errors.ts';
import { removeLeftovers, withStoredImage } from '../lib/files/images.ts';
import { recordImageBytes } from '../db/queries/storage.ts';
import { deleteCollectingImages } from '../db/queries/leftovers.ts';
import { companyExists } from '../db/queries/working-days.ts';
import * as q from '../db/queries/events.ts';
import { recordActivity, recordCreate, type Who } from '../lib/activity/record.ts';
import { readRecord } from '../lib/activity/activity-records.ts';
import { queueWebhookEvent } from '../lib/webhooks/emit.ts';
import type { Event } from '../../src/common/contract/schemas.ts';
import type { z } from 'zod';
import type { EventInput, EventUpdate } from '../../src/common/contract/organiser.ts';

/**
 * What the event calls do (organiser-console §2 "Events list", "Event detail"; §7): create and
 * edit with the logo (stored before the transaction, removed again when it fails; counted against
 * the organiser's storage quota), delete with the stored images of everything that goes by
 * cascade (removed after the commit). routes/events.ts checks who asks and reads the input
 * (common/contract/organiser.ts EventInput, EventUpdate); db/queries/events.ts holds the rows.
 */

/** The list whose sort, search and filters the events list, its export and bulk delete accept. */
export const EVENT_LIST = q.EVENT_LIST;
/** That list with `when` judged from `day` (YYYY-MM-DD, the organiser's today: services/organiser-day.ts organiserToday). */
export const eventListOn = q.eventListOn;
/** The events of one organiser, as a list scope. */
export const eventScope = q.eventScope;
/** One page (10) of an organiser's events. */
export const listEvents = q.listEvents;

/** Creates an event of organiser `organiserId` (404 when there is no such organiser); resolves to the stored event. */
export async function createEvent(sql: Sql, files: FileStore, who: Who, organiserId: number, input: z.output<typeof EventInput>): Promise<Event | undefined> {
  if (!(await companyExists(sql, organiserId))) throw new NotFound('Organizer');
  const { result: id } = await withStoredImage(sql, files, organiserId, input.event_logo, 'event_logo', 'events', async (tx, url, bytes) => {
    const id = await q.createEvent(tx, {
      organizer_id: organiserId,
      title: input.title.trim(),
      description: input.description ?? '',
      start_date: input.start_date,
      end_date: input.end_date,
      logo: url,
      language: (input.language ?? '').trim().toLowerCase(),
    });
    if (bytes) await recordImageBytes(tx, 'event', id, bytes);
    await recordCreate(tx, who, 'events', id, { resource: 'events', label: input.title.trim() });
    await queueWebhookEvent(tx, 'event.created', organiserId, eventData(await q.getEvent(tx, id)));
    return id;
  });
  return q.getEvent(sql, id);
}

/** Edits `event`: title, description, the dates when both are given (else kept), a new logo replaces the old one (removed after), the language when given (else kept). */
export async function updateEvent(sql: Sql, files: FileStore, who: Who, event: Event, input: z.output<typeof EventUpdate>): Promise<Event | undefined> {
  const dated = Boolean(input.start_date || input.end_date);
  const { url } = await withStoredImage(sql, files, event.organizer_id, input.event_logo, 'event_logo', 'events', async (tx, url, bytes) => {
    const before = await readRecord(tx, 'events', event.id, { lock: true });
    if (!before) throw new NotFound('Event');
    const changed = await q.updateEvent(tx, event.organizer_id, event.id, {
      title: input.title.trim(),
      description: input.description ?? '',
      start_date: dated ? input.start_date! : event.start_date,
      end_date: dated ? input.end_date! : event.end_date,
      logo: url || event.logo,
      language: input.language === undefined ? event.language : input.language.trim().toLowerCase(),
    });
    if (!changed) throw new NotFound('Event');
    if (bytes) await recordImageBytes(tx, 'event', event.id, bytes);
    await recordActivity(tx, who, {
      resource: 'events',
      action: 'update',
      id: event.id,
      label: input.title.trim(),
      before,
      after: await readRecord(tx, 'events', event.id),
    });
    await queueWebhookEvent(tx, 'event.updated', event.organizer_id, eventData(await q.getEvent(tx, event.id)));
  });
  if (url) await removeLeftovers(files, [event.logo]);
  return q.getEvent(sql, event.id);
}

/**
 * `act` of a bulk delete of organiser `organiserId`'s events: deletes events `ids` inside `tx`
 * (each statement carries the owner), adding their stored images (and their campaigns',
 * templates') to `images`. Throws NotFound (rolling back) when an id is not that organiser's.
 */
export const deleteEventsCollecting = (images: string[], organiserId: number) => async (tx: Sql, ids: number[]) => {
  images.push(...(await deleteCollectingImages(tx, 'event', ids, (t, id) => deleteOwnedEvent(t, id, organiserId))));
  return ids.length;
};

async function deleteOwnedEvent(tx: Sql, id: number, organiserId: number) {
  if (!(await q.deleteEvent(tx, id, organiserId))) throw new NotFound('Event');
  await queueWebhookEvent(tx, 'event.deleted', organiserId, { id });
}

/** An event's fields a webhook carries (docs/webhooks.md "event.*"): what its organiser reads on the event's page. */
const eventData = (e: Event | undefined) => (e ? { id: e.id, title: e.title, description: e.description, start_date: e.start_date, end_date: e.end_date } : {});

/**
 * Deletes `event` (its campaigns, templates and photos go by cascade; the statement carries its
 * organiser, `organizer_id`) and then their stored images. 404 when it is gone or not that organiser's.
 */
export async function deleteEvent(sql: Sql, files: FileStore, who: Who, event: { id: number; organizer_id: number }): Promise<void> {
  const id = event.id;
  const images = await sql.transaction(async (tx) => {
    const before = await readRecord(tx, 'events', id);
    if (!before) throw new NotFound('Event');
    const images = await deleteCollectingImages(tx, 'event', [id], (t, one) => deleteOwnedEvent(t, one, event.organizer_id));
    await recordActivity(tx, who, { resource: 'events', action: 'delete', id, label: String(before.title), before });
    return images;
  });
  await removeLeftovers(files, images);
}
