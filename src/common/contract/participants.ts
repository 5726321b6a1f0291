import { z } from 'zod';
import { atMost, isDate, isRequired, requiredChoice, textWith, type Check } from './base.ts';
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

/** GET gallery/{token}: the event's name and the participant's photos (low-resolution links with their BIB). */
export const Gallery = z.object({
  event: z.object({ title: z.string() }),
  participant: z.object({ name: z.string(), bib_number: z.string() }),
  photos: z.array(z.object({ id: z.number(), bid_number: z.string(), low_res_image: z.string() })),
});
export type Gallery = z.infer<typeof Gallery>;
