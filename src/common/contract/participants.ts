import { z } from 'zod';
import { fileField, paginator, recordIdField, requiredChoice, textWith } from './base.ts';
import { atMost, type Check } from './checks.ts';
import { FACE_CONSENT, PARTICIPANT_CHECKS } from '../participant-sheet.ts';
import { LOCALES } from '../i18n/locales.ts';
import { FACE_SEARCH_MODES } from './rules.ts';

/**
 * Participants of an event and their delivery funnel (docs/participants.md): the bodies the
 * organiser's participant routes read and the `data` they answer.
 */

/** The funnel's stages in order, each a subset of the one before; `unmatched` is registered minus matched. */
export const PARTICIPANT_STAGES = ['registered', 'matched', 'unmatched', 'notified', 'viewed', 'bought'] as const;
export type ParticipantStage = (typeof PARTICIPANT_STAGES)[number];

/**
 * POST event/{id}/participant: one participant added by hand, with the checks of a sheet's row
 * (common/participant-sheet.ts PARTICIPANT_CHECKS). `email`, `consent_date` and `language` (a
 * shipped locale, any case; blank: the event's default) may be blank.
 */
export const ParticipantInput = z.object({
  bib_number: textWith(...PARTICIPANT_CHECKS.bib_number),
  name: textWith(...PARTICIPANT_CHECKS.name),
  email: textWith(...PARTICIPANT_CHECKS.email).optional(),
  face_consent: requiredChoice(...FACE_CONSENT),
  consent_date: textWith(...PARTICIPANT_CHECKS.consent_date).optional(),
  language: textWith(...PARTICIPANT_CHECKS.language).optional(),
});
export type ParticipantInput = z.input<typeof ParticipantInput>;

/** POST event/{id}/participants: a participants sheet (multipart `file`, .csv or .xlsx; docs/participants.md "The participants sheet"). */
export const ParticipantSheetUpload = z.object({ file: fileField });

/**
 * One participant as the list answers it (timestamps in ms, null until reached; `matched` 1 when a
 * photo has the BIB). Face search: `consent_at` and `consent_source` of the consent receipt in
 * force (null without one), `consent_withdrawn_at` when their newest receipt was withdrawn (by the
 * participant or an erasure), `erased_at` when their face data was first erased (their BIB at the event).
 */
export const Participant = z.object({
  id: z.number(),
  event_id: z.number(),
  bib_number: z.string(),
  name: z.string(),
  email: z.string(),
  face_consent: z.number(),
  consent_date: z.string(),
  /** The language of their gallery e-mail and page: a shipped locale, or '' for the event's default. */
  language: z.string(),
  matched: z.number(),
  notified_at: z.number().nullable(),
  viewed_at: z.number().nullable(),
  bought_at: z.number().nullable(),
  created_at: z.number(),
  consent_at: z.number().nullable(),
  consent_source: z.enum(['sheet', 'gallery']).nullable(),
  consent_withdrawn_at: z.number().nullable(),
  erased_at: z.number().nullable(),
});
export type Participant = z.infer<typeof Participant>;

/**
 * GET event/{id}/notify-matched: what "Notify N matched participants" would send: `count` e-mails
 * (matched, not yet notified, with an e-mail address), `without_email` matched and not notified
 * participants who have no address (nobody can tell them), and the e-mail's `subject` and `text`
 * as the first of them would get it (their link shown as `<personal gallery link>`).
 */
export const NotifyPreview = z.object({ count: z.number().int(), without_email: z.number().int(), subject: z.string(), text: z.string() });
export type NotifyPreview = z.infer<typeof NotifyPreview>;

/** GET event/{id}/funnel: participants per stage. */
export const Funnel = z.object({ registered: z.number(), matched: z.number(), notified: z.number(), viewed: z.number(), bought: z.number() });
export type Funnel = z.infer<typeof Funnel>;

const isRetention: Check = (s) =>
  s === '' || (/^\d{1,4}$/.test(s.trim()) && Number(s) >= 1 && Number(s) <= 3650) ? null : 'The :attribute must be a whole number of days from 1 to 3650.';

/** PUT event/{id}/face-search: `mode` off | consent, `retention_days` (1–3650, default 30), `consent_version` (≤ 50 characters). */
export const FaceSearchInput = z.object({
  mode: requiredChoice(...FACE_SEARCH_MODES),
  retention_days: textWith(isRetention).optional(),
  consent_version: textWith(atMost(50)).optional(),
});
export type FaceSearchInput = z.input<typeof FaceSearchInput>;

/** An event's face-search settings as answered: `purge_on` the day (YYYY-MM-DD) the daily job purges, `closed_on` the day it was purged (null until then). */
export const FaceSearchSettings = z.object({
  mode: z.enum(FACE_SEARCH_MODES),
  retention_days: z.number(),
  consent_version: z.string(),
  purge_on: z.string(),
  closed_on: z.string().nullable(),
});
export type FaceSearchSettings = z.infer<typeof FaceSearchSettings>;

/** One consent receipt (GET event/{id}/consents): never an image. Times in ms; `withdrawn_at` set by an erasure. */
export const ConsentReceipt = z.object({
  id: z.number(),
  participant_id: z.number(),
  bib_number: z.string(),
  name: z.string(),
  version: z.string(),
  source: z.enum(['sheet', 'gallery']),
  created_at: z.number(),
  withdrawn_at: z.number().nullable(),
});
export type ConsentReceipt = z.infer<typeof ConsentReceipt>;

/**
 * An erasure receipt: its id, whose face data, who asked (`gallery`: the participant; `organiser`),
 * when (ms), and `code`, the receipt's unguessable code the participant keeps ('' for receipts
 * written before codes existed).
 */
export const ErasureReceipt = z.object({
  id: z.number(),
  participant_id: z.number(),
  bib_number: z.string(),
  source: z.enum(['gallery', 'organiser']),
  created_at: z.number(),
  code: z.string(),
});
export type ErasureReceipt = z.infer<typeof ErasureReceipt>;

/**
 * The gallery's face-search part: `mode`, whether the participant is `offered` face search (a
 * consent receipt, mode consent, not closed, not erased), the consent text and version to agree to
 * ('' once erased), the day face search closed (null while open) and the day their face data was
 * erased (null when it was not).
 */
export const GalleryFaceSearch = z.object({
  mode: z.enum(FACE_SEARCH_MODES),
  offered: z.boolean(),
  consent_text: z.string(),
  consent_version: z.string(),
  closed_on: z.string().nullable(),
  /** The day (YYYY-MM-DD) the participant's face data was erased at their request; from then on face search stays off for them at this event, whatever consent follows. */
  erased_on: z.string().nullable(),
  /** The day (YYYY-MM-DD) the event's face data is purged at the latest. */
  purge_on: z.string(),
  /**
   * The participant's newest consent receipt: through whom (`sheet` the organiser, `gallery` their
   * own "I agree"), its version, when given and when withdrawn (ms; null while in force); null for none.
   */
  consent: z.object({ source: z.enum(['sheet', 'gallery']), version: z.string(), given_at: z.number(), withdrawn_at: z.number().nullable() }).nullable(),
});
export type GalleryFaceSearch = z.infer<typeof GalleryFaceSearch>;

/** POST gallery/{token}/withdrawal: the receipt of the withdrawn consent (its code, when, ms) and the gallery's face-search part after it. */
export const ConsentWithdrawal = z.object({ code: z.string(), withdrawn_at: z.number(), face_search: GalleryFaceSearch });
export type ConsentWithdrawal = z.infer<typeof ConsentWithdrawal>;

/**
 * How a sales event's photos are bought: the first sales campaign's title, its payment slab's
 * name and description (GET payment-slabs; the id as text when the slab is unknown) and the
 * campaign's app link.
 */
export const GallerySale = z.object({ campaign: z.string(), slab: z.string(), description: z.string(), link: z.string() });
export type GallerySale = z.infer<typeof GallerySale>;

/**
 * GET gallery/{token}: the event's name and the participant's photos (low-resolution links with
 * their BIB); `sale` null for a free event (a download per photo), else how to buy; `language` the
 * locale the page opens in (the participant's, else the event's default, else en).
 */
export const Gallery = z.object({
  event: z.object({ title: z.string() }),
  language: z.enum(LOCALES),
  participant: z.object({ name: z.string(), bib_number: z.string() }),
  photos: z.array(z.object({ id: z.number(), bid_number: z.string(), low_res_image: z.string(), orientation: z.string() })),
  sale: GallerySale.nullable(),
  face_search: GalleryFaceSearch,
});
export type Gallery = z.infer<typeof Gallery>;

/** POST gallery/{token}/download: one of the participant's photos of a free event. */
export const GalleryDownloadInput = z.object({ photo_id: recordIdField });
export type GalleryDownloadInput = z.input<typeof GalleryDownloadInput>;

/** POST gallery/{token}/download answers the photo's full-resolution link. */
export const GalleryDownload = z.object({ url: z.string() });
export type GalleryDownload = z.infer<typeof GalleryDownload>;

/** POST gallery/{token}/downloads ("Download all") answers every photo's full-resolution link. */
export const GalleryDownloads = z.object({ photos: z.array(z.object({ id: z.number(), url: z.string() })) });
export type GalleryDownloads = z.infer<typeof GalleryDownloads>;

/** A sales event's gallery refuses downloads (409). */
export const GALLERY_SOLD = "This event's photos are sold: buy them through the event's app.";

/** The answer of the gallery's face search: the photos found. */
export const FaceSearchResult = z.object({ photos: Gallery.shape.photos });

/**
 * The participant routes in the contract (keyed as CONTRACT; docs/participants.md): the
 * organiser's (scoped to its events) and the public gallery's.
 */
export const PARTICIPANTS_CONTRACT = {
  'POST /api/event/{id}/participant': { summary: 'Add a participant to an event by hand', body: ParticipantInput, data: Participant },
  'POST /api/event/{id}/participants': {
    summary:
      'Start a participants sheet import (multipart file; columns bib_number, name, email, face_consent, consent_date, and optionally language); 422 names bad rows',
    body: ParticipantSheetUpload,
    data: z.object({ job_id: z.number().int() }),
  },
  'GET /api/event/{id}/participants': { summary: "An event's participants (q, stage, sort, dir), one page of the list", data: paginator(Participant) },
  'GET /api/event/{id}/participants/export': {
    summary:
      "The BIBs of an event's participants at a stage (?stage, default unmatched) as CSV (column bib_number); with ?columns=all, the list's rows (q, stage, sort) with every column (bib_number, name, email, face_consent, consent_date, matched, notified_at, viewed_at, bought_at, consent_source, consent_at, consent_withdrawn_at, erased_at, language; times as ISO 8601)",
    csv: 'participants',
  },
  'GET /api/event/{id}/funnel': { summary: "An event's delivery funnel: participants per stage, each a subset of the one before", data: Funnel },
  'GET /api/event/{id}/notify-matched': {
    summary: 'What notifying would send: how many e-mails, how many matched participants have no address, the subject and text',
    data: NotifyPreview,
  },
  'POST /api/event/{id}/notify-matched': {
    summary: 'Queue the gallery-link e-mail of every matched, not yet notified participant with an address, once; `sent` is how many were queued',
    data: z.object({ sent: z.number().int() }),
  },
  'GET /api/event/{id}/face-search': { summary: "An event's face-search settings", data: FaceSearchSettings },
  'PUT /api/event/{id}/face-search': {
    summary: "Set an event's face-search mode, retention and consent version",
    body: FaceSearchInput,
    data: FaceSearchSettings,
  },
  'POST /api/event/{id}/face-search/purge': {
    summary: "Purge an event's face data at the photo-recognition service now; face search closes",
    data: FaceSearchSettings,
  },
  'GET /api/event/{id}/consents': { summary: "An event's face-search consent receipts, newest first (never an image)", data: z.array(ConsentReceipt) },
  'POST /api/event/{id}/participant/{pid}/erasure': {
    summary: "Record a participant's request to erase their face data; answers the receipt",
    data: ErasureReceipt,
  },
  'GET /api/gallery/{token}': { summary: "Public: a participant's gallery by its link's token (404 'Gallery not found.')", data: Gallery },
  'POST /api/gallery/{token}/download': {
    summary: "Public: download one of the participant's photos of a free event (marks bought)",
    body: GalleryDownloadInput,
    data: GalleryDownload,
  },
  'POST /api/gallery/{token}/downloads': {
    summary: "Public: 'Download all': every photo of the participant of a free event (marks bought)",
    data: GalleryDownloads,
  },
  'POST /api/gallery/{token}/consent': { summary: 'Public: the participant agrees to face search (a consent receipt)', data: GalleryFaceSearch },
  'GET /api/gallery/{token}/face-search': {
    summary: 'Public: face search for a participant who consented (403 without consent, 409 closed)',
    data: FaceSearchResult,
  },
  'POST /api/gallery/{token}/withdrawal': {
    summary: 'Public: the participant withdraws their face-search consent (a receipt code; face search refused until they agree again)',
    data: ConsentWithdrawal,
  },
  'POST /api/gallery/{token}/erasure': { summary: 'Public: the participant asks for their face data to be erased; answers the receipt', data: ErasureReceipt },
} satisfies Record<string, { summary: string; body?: z.ZodType; query?: z.ZodType; data?: z.ZodType; csv?: string }>;
