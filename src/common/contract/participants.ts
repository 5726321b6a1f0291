import { z } from 'zod';
import { atMost, isDate, isRequired, recordIdField, requiredChoice, textWith, type Check } from './base.ts';
import { EMAIL_MAX_LENGTH, isEmail } from '../email.ts';

/**
 * Participants of an event and their delivery funnel (docs/participants.md): the bodies the
 * organiser's participant routes read and the `data` they answer.
 */

/** The funnel's stages in order, each a subset of the one before; `unmatched` is registered minus matched. */
export const PARTICIPANT_STAGES = ['registered', 'matched', 'unmatched', 'notified', 'viewed', 'bought'] as const;
export type ParticipantStage = (typeof PARTICIPANT_STAGES)[number];

const isEmailOrBlank: Check = (s) => (s.trim() === '' || isEmail(s) ? null : 'The :attribute must be a valid email address.');

/** POST event/{id}/participant: one participant added by hand. `email` and `consent_date` may be blank. */
export const ParticipantInput = z.object({
  bib_number: textWith(isRequired, atMost(50)),
  name: textWith(isRequired, atMost(255)),
  email: textWith(atMost(EMAIL_MAX_LENGTH), isEmailOrBlank).optional(),
  face_consent: requiredChoice('yes', 'no'),
  consent_date: textWith(isDate).optional(),
});
export type ParticipantInput = z.input<typeof ParticipantInput>;

/** One participant as the list answers it (timestamps in ms, null until reached; `matched` 1 when a photo has the BIB). */
export const Participant = z.object({
  id: z.number(), event_id: z.number(), bib_number: z.string(), name: z.string(), email: z.string(), face_consent: z.number(),
  consent_date: z.string(), matched: z.number(), notified_at: z.number().nullable(), viewed_at: z.number().nullable(),
  bought_at: z.number().nullable(), created_at: z.number(),
});
export type Participant = z.infer<typeof Participant>;

/** GET event/{id}/funnel: participants per stage. */
export const Funnel = z.object({ registered: z.number(), matched: z.number(), notified: z.number(), viewed: z.number(), bought: z.number() });
export type Funnel = z.infer<typeof Funnel>;

/**
 * How a sales event's photos are bought: the first sales campaign's title, its payment slab's
 * name and description (GET payment-slabs; the id as text when the slab is unknown) and the
 * campaign's app link.
 */
export const GallerySale = z.object({ campaign: z.string(), slab: z.string(), description: z.string(), link: z.string() });
export type GallerySale = z.infer<typeof GallerySale>;

/**
 * GET gallery/{token}: the event's name and the participant's photos (low-resolution links with
 * their BIB); `sale` null for a free event (a download per photo), else how to buy.
 */
export const Gallery = z.object({
  event: z.object({ title: z.string() }),
  participant: z.object({ name: z.string(), bib_number: z.string() }),
  photos: z.array(z.object({ id: z.number(), bid_number: z.string(), low_res_image: z.string() })),
  sale: GallerySale.nullable(),
});
export type Gallery = z.infer<typeof Gallery>;

/** POST gallery/{token}/download: one of the participant's photos of a free event. */
export const GalleryDownloadInput = z.object({ photo_id: recordIdField });
export type GalleryDownloadInput = z.input<typeof GalleryDownloadInput>;

/** POST gallery/{token}/download answers the photo's full-resolution link. */
export const GalleryDownload = z.object({ url: z.string() });
export type GalleryDownload = z.infer<typeof GalleryDownload>;

/** A sales event's gallery refuses downloads (409). */
export const GALLERY_SOLD = "This event's photos are sold: buy them through the event's app.";
