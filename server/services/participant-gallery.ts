import type { Sql } from '../db/sql.ts';
import * as q from '../db/queries/participants.ts';
import { Conflict, NotFound } from '../runtime/domain-errors.ts';
import { PAYMENT_SLABS } from './recognition.ts';
import { galleryFaceSearch } from './face-search.ts';
import { galleryOwner } from './participant-records.ts';
import { recordActivity, type Who } from '../lib/activity/record.ts';
import { queueWebhookEvent } from '../lib/webhooks/emit.ts';
import { addGalleryView } from '../db/queries/insights.ts';
import { participantLocale } from '../../src/common/i18n/locales.ts';
import { GALLERY_SOLD, type Gallery, type GallerySale } from '../../src/common/contract/participants.ts';

/**
 * A participant's gallery page, reached by its token: opening it (the first opening marks the
 * participant viewed) and downloading one photo or all of them, with the activity entries and
 * webhook data these acts carry.
 */

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
