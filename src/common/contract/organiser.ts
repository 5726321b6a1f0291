import { z } from 'zod';
import {
  Id,
  choice,
  fileField,
  idListText,
  optionalText,
  paginator,
  recordIdField,
  requiredChoice,
  requiredNumber,
  requiredText,
  textOrNumber,
  textWith,
  dateField,
  fieldIssue,
  imageDataUrl,
  endNotBeforeStart,
  BulkDeleted,
} from './base.ts';
import { atMost, isDate, isRequired, type Check } from './checks.ts';
import { CampaignDelete, type CampaignInput, type CampaignUpdate, SubdomainAvailability, SubdomainQuery } from './campaign.ts';
import { RECOGNITION_CONTRACT } from './recognition.ts';
import { PARTICIPANTS_CONTRACT } from './participants.ts';
import { INSIGHTS_CONTRACT } from './insights.ts';
import { CLOSURE_NOTE_MAX, PRICE_PATTERN } from './rules.ts';
import { isLanguageOrBlank } from '../participant-sheet.ts';
import { SavedTemplate, Template, TemplateAreaInput, TemplateInput } from './templates.ts';

/**
 * The organiser console's part of the wire contract (organiser-console §2–§7):
 * the bodies its routes read and the `data` they answer, as zod schemas. ORGANISER_CONTRACT is
 * spread into CONTRACT (./schemas.ts); the server checks each body with `body(Schema, labels)`
 * (server/http/input.ts), the console takes the types with `import type`. The event,
 * campaign and booking records stay in ./schemas.ts with their CONTRACT entries, which name the
 * bodies declared here. Messages are the spec's Laravel wording (server/http/validate.ts
 * parseBody): a list or object where text is expected is "The x must be a string.".
 */

/** The list selection of a bulk call (wire contract "Bulk delete"): `ids` as a JSON id list, or `all=1` with the list's filters (text). */
const selection = { ids: idListText, all: optionalText(1) };
/** A bulk body: the selection, the list's scope id and filters as text (the query string may carry them instead). */
const bulkBody = <T extends z.ZodRawShape>(shape: T) => z.looseObject({ ...selection, ...shape });
/** What a bulk status change answers: how many rows changed. */
export const BulkUpdated = z.object({ updated: z.number().int() });
/** An optional scope id of a bulk body, as text (read with the query string's, server/http/list-bulk.ts listInput). */
const scopeText = textWith((s) => (s === '' || /^\d{1,10}$/.test(s) ? null : 'The :attribute must be an integer.')).optional();

// ---- Events (organiser-console §2 "Events list", §7) --------------------------------------------

/**
 * POST event: title (≤ 255, trimmed when stored), description (≤ 5000), dates (end ≥ start), organizer_id, event_logo (data URL, '' or ' ': none),
 * language (optional: the participants' default language, a shipped locale; blank: English).
 */
export const EventInput = z
  .object({
    title: requiredText(255),
    description: optionalText(5000),
    start_date: dateField,
    end_date: dateField,
    organizer_id: recordIdField,
    event_logo: imageDataUrl,
    language: textWith(atMost(10), isLanguageOrBlank).optional(),
  })
  .superRefine(endNotBeforeStart);
export type EventInput = z.input<typeof EventInput>;
/** PUT event/{id}: title, description, and optionally both dates (kept when both are absent); a logo data URL replaces the logo; language kept when absent. */
export const EventUpdate = z
  .object({
    title: requiredText(255),
    description: optionalText(5000),
    start_date: textWith(isDate).optional(),
    end_date: textWith(isDate).optional(),
    event_logo: imageDataUrl,
    language: textWith(atMost(10), isLanguageOrBlank).optional(),
  })
  .superRefine((v, ctx) => {
    if (!v.start_date && !v.end_date) return;
    if (!v.start_date) fieldIssue(ctx, 'start_date', 'The start date field is required.');
    if (!v.end_date) fieldIssue(ctx, 'end_date', 'The end date field is required.');
    endNotBeforeStart(v, ctx);
  });
export type EventUpdate = z.input<typeof EventUpdate>;
/** POST event/bulk-delete: the selection and organizer_id (or in the query). */
export const EventBulkDelete = bulkBody({ organizer_id: scopeText });
/** PUT/POST deleteEvent: event_id. */
export const EventDelete = z.object({ event_id: recordIdField });

// ---- Campaigns: ./campaign.ts (re-exported) -----------------------------------------------------

export * from './campaign.ts';
export { END_DATE_AFTER_START, BulkDeleted } from './base.ts';

// ---- Bookings (organiser-console §4) ------------------------------------------------------------

/** PUT organiser/booking/{id}: status 1 accept, 2 reject. */
export const BookingAnswer = z.object({ status: requiredChoice(1, 2) });
/** POST organiser/bookings/bulk-status: the selection, company_id (or in the query), status 1 or 2. */
export const BookingBulkStatus = bulkBody({ company_id: scopeText, status: requiredChoice(1, 2) });

// ---- Working days (organiser-console §2 "Working Days") ---------------------------------------

/** The days message of PUT holiday. */
const DAYS_MESSAGE = 'The days must be a JSON list of day ids from 1 to 7.';
/** Parses a JSON array of day ids 1..7 (duplicates dropped, sorted), or null when it is not one. */
export function parseDays(s: string): number[] | null {
  try {
    const v = JSON.parse(s);
    if (!Array.isArray(v)) return null;
    const days = v.map(Number);
    return days.every((d) => Number.isInteger(d) && d >= 1 && d <= 7) ? [...new Set(days)].sort((a, b) => a - b) : null;
  } catch {
    return null;
  }
}
/** PUT/POST holiday: company_id, days as JSON text ("[1,4]"; missing or "[]" clears) -> the day ids. */
export const WorkingDaysInput = z.object({
  company_id: recordIdField,
  days: textWith((s) => (parseDays(s || '[]') ? null : DAYS_MESSAGE))
    .optional()
    .transform((s) => parseDays(s || '[]')!),
});
/** An organiser's working days: day ids 1 Sunday .. 7 Saturday. */
export const WorkingDays = z.object({ company_id: Id, companydays: z.array(z.number().int().min(1).max(7)) });
export type WorkingDays = z.infer<typeof WorkingDays>;
/**
 * POST closures (an extension, docs/extensions.md): company_id, date (YYYY-MM-DD), optional
 * note on one line, at most CLOSURE_NOTE_MAX characters.
 */
export const ClosureInput = z.object({
  company_id: recordIdField,
  date: dateField,
  note: textWith(atMost(CLOSURE_NOTE_MAX), (s) => (/[\r\n]/.test(s) ? 'The :attribute may not contain line breaks.' : null))
    .optional()
    .transform((s) => (s ?? '').trim()),
});
/** One closed date of an organiser: no booking on it can be accepted. */
export const Closure = z.object({ id: Id, company_id: Id, date: z.string(), note: z.string() });
export type Closure = z.infer<typeof Closure>;
/** An organiser's closed dates, earliest first. */
export const Closures = z.object({ company_id: Id, closures: z.array(Closure) });
export type Closures = z.infer<typeof Closures>;

// ---- Organiser dashboard ------------------------------------------------------------------------

const total = <T extends z.ZodType>(item: T) => z.object({ total: z.number().int(), items: z.array(item) });
/** GET organiser-dashboard/{company_id}: upcoming events, Requested bookings, pending videos, each the total and the first 5. */
export const OrganiserDashboard = z.object({
  upcoming_events: total(z.object({ id: Id, title: z.string(), start_date: z.string(), end_date: z.string() })),
  pending_bookings: total(z.object({ id: Id, date: z.string(), name: z.string() })),
  pending_videos: total(z.object({ id: Id, name: z.string(), campaign_id: Id, campaign_title: z.string(), event_id: Id })),
});
export type OrganiserDashboard = z.infer<typeof OrganiserDashboard>;

// ---- Event photos (organiser-console §2 "Tab Photos", DESIGN.md §4) ----------------------------

/** An event photo; price_type 1 Free, 2 Flat; price as stored ("4.50"). */
export const EventPhoto = z.object({
  id: Id,
  bid_number: z.string(),
  low_res_image: z.string(),
  high_res_image: z.string(),
  price: z.union([z.string(), z.number()]),
  price_type: z.number().int(),
  orientation: z.string(),
});
export type EventPhoto = z.infer<typeof EventPhoto>;
/** Photo price types of the upload form: 1 Free, 2 Flat. */
export const PRICE_FREE = 1,
  PRICE_FLAT = 2;
/**
 * POST uploadExcel (multipart): event_id, excel (the sheet file), photo_price_type_id (1 Free, 2
 * Flat), photo_price (Flat: up to 7 digits and 2 decimals), duplicates (replace | add, optional).
 */
export const PhotoUpload = z
  .object({
    event_id: recordIdField,
    excel: fileField,
    photo_price_type_id: requiredChoice(PRICE_FREE, PRICE_FLAT),
    photo_price: textOrNumber().optional(),
    duplicates: choice('replace', 'add'),
  })
  .superRefine((v, ctx) => {
    const price = (v.photo_price ?? '').trim();
    if (v.photo_price_type_id === PRICE_FLAT && !PRICE_PATTERN.test(price)) {
      fieldIssue(ctx, 'photo_price', price ? 'The photo price must be an amount such as 5 or 4.50.' : 'The photo price field is required.');
    }
  });
/** POST getPhotosByEventId/bulk-delete: the selection and event_id (or in the query). */
export const PhotoBulkDelete = bulkBody({ event_id: scopeText });
/** POST deleteEventPhotos: event_id. */
export const PhotosClear = z.object({ event_id: recordIdField });
/** The photo upload's labels in messages. */
export const PHOTO_LABELS = { photo_price_type_id: 'photo price type' };

// ---- Templates: ./templates.ts (what the templates routes read, re-exported) ------------------

export { TemplateAreaInput, TemplateInput } from './templates.ts';

// ---- Participant videos and conference users (organiser-console §2 "Uploads", "Users") ----------

/** A participant video; status 1 pending, 2 live, 3 rejected, 4 accepted. */
export const ParticipantVideo = z.object({
  id: Id,
  participant_video_id: Id,
  name: z.string(),
  age: z.number().int().nullable(),
  district: z.string(),
  school_name: z.string(),
  dropbox_shareable_link: z.string(),
  video_url: z.string(),
  status: z.number().int(),
});
export type ParticipantVideo = z.infer<typeof ParticipantVideo>;
/** Videos of a campaign per status code. */
export const VideoCounts = z.object({ 1: z.number().int(), 2: z.number().int(), 3: z.number().int(), 4: z.number().int() });
export type VideoCounts = z.infer<typeof VideoCounts>;
/** POST updateParticipantVideo: id, status 3 reject or 4 accept. */
export const VideoModeration = z.object({ id: recordIdField, status: requiredChoice(3, 4) });
/** POST getAllParticipantVideos/bulk-status: the selection, campaign_id (or in the query), status 3 or 4 (the listed status stays in the query). */
export const VideoBulkStatus = bulkBody({ campaign_id: scopeText, status: requiredChoice(3, 4) });
/** The query of GET event (and its export): organizer_id, list params beside it. */
export const EventListQuery = z.looseObject({ organizer_id: recordIdField });
/** The query of GET organiser/bookings (and its export): company_id, list params beside it. */
export const BookingListQuery = z.looseObject({ company_id: recordIdField });
/** The query of GET getPhotosByEventId and getCampaigns (and the photo export): event_id, list params beside it. */
export const EventIdQuery = z.looseObject({ event_id: recordIdField });
/** The query of a campaign's list call (videos counts, conference users export): campaign_id, list params beside it. */
export const CampaignListQuery = z.looseObject({ campaign_id: recordIdField });
/** The query of a video list call (list, export, bulk "all matching"): campaign_id and the listed status 1..4. */
export const VideoListQuery = z.looseObject({ campaign_id: recordIdField, status: requiredChoice(1, 2, 3, 4) });
/** The query of GET getAllConferenceUSers: campaign_id, type 2 (the conference campaign type the console sends) when given. */
export const ConferenceListQuery = z.looseObject({ campaign_id: recordIdField, type: choice(2) });
/** A conference user: type 'attende' or 'speaker'. */
export const ConferenceUser = z.object({ id: Id, name: z.string(), email: z.string(), type: z.string(), campaign_id: Id, user_id: Id });
export type ConferenceUser = z.infer<typeof ConferenceUser>;
/** POST updateParticipantType: campaign_id, user_id (an attendee becomes a speaker). */
export const SpeakerInput = z.object({ campaign_id: recordIdField, user_id: recordIdField });

/**
 * The organiser console's routes in the contract (keyed as CONTRACT), apart from the event,
 * campaign and booking entries of ./schemas.ts. Exports answer CSV (`csv`: the file's name; the summary lists its columns).
 */
export const ORGANISER_CONTRACT = {
  'GET /api/event/export': { summary: "An organiser's events (?organizer_id, list filters) as CSV (columns id, title, start_date, end_date)", csv: 'events' },
  'POST /api/event/bulk-delete': {
    summary: 'Delete the selected events (ids, or all=1 with the filters) of one organiser',
    body: EventBulkDelete,
    data: BulkDeleted,
  },
  'PUT /api/deleteEvent': { summary: 'Delete an event with its campaigns, templates and photos', body: EventDelete, data: z.null() },
  'POST /api/deleteEvent': { summary: 'Delete an event (the POST reading of PUT deleteEvent)', body: EventDelete, data: z.null() },
  'GET /api/campaign/subdomain-available': {
    summary: 'Whether a subdomain is free (?event_id, subdomain, campaign_id)',
    query: SubdomainQuery,
    data: SubdomainAvailability,
  },
  'PUT /api/deleteCampaign': { summary: 'Delete a campaign with its templates', body: CampaignDelete, data: z.null() },
  'POST /api/deleteCampaign': { summary: 'Delete a campaign (the POST reading of PUT deleteCampaign)', body: CampaignDelete, data: z.null() },
  'GET /api/organiser/bookings/export': {
    summary: "An organiser's bookings (?company_id, list filters) as CSV (columns id, date, name, email, phone, status, token)",
    csv: 'bookings',
  },
  'POST /api/organiser/bookings/bulk-status': {
    summary: 'Accept (1) or reject (2) the selected Requested bookings',
    body: BookingBulkStatus,
    data: BulkUpdated,
  },
  'GET /api/holiday/{companyId}': { summary: "An organiser's working days", data: WorkingDays },
  'PUT /api/holiday': { summary: "Replace an organiser's working days", body: WorkingDaysInput, data: WorkingDays },
  'POST /api/holiday': { summary: "Replace an organiser's working days (POST reading)", body: WorkingDaysInput, data: WorkingDays },
  'GET /api/organiser/holiday/{companyId}': { summary: "An organiser's working days (organiser path)", data: WorkingDays },
  'PUT /api/organiser/holiday': { summary: "Replace an organiser's working days (organiser path)", body: WorkingDaysInput, data: WorkingDays },
  'POST /api/organiser/holiday': { summary: "Replace an organiser's working days (organiser path, POST reading)", body: WorkingDaysInput, data: WorkingDays },
  'GET /api/closures/{companyId}': { summary: "An organiser's closed dates (extension of Working Days)", data: Closures },
  'POST /api/closures': { summary: 'Close a date for bookings (422 when the date is already closed)', body: ClosureInput, data: Closure },
  'DELETE /api/closures/{id}': { summary: 'Open a closed date again', data: z.null() },
  'GET /api/organiser-dashboard/{companyId}': { summary: "An organiser's dashboard", data: OrganiserDashboard },
  'GET /api/getPhotosByEventId': {
    summary: "An event's photos (?event_id, pageCount), one page of the list",
    query: EventIdQuery,
    data: paginator(EventPhoto),
  },
  'GET /api/getPhotosByEventId/export': {
    summary: "An event's photos (?event_id, list filters) as CSV (columns id, bid_number, low_res_image, high_res_image, price, orientation)",
    csv: 'photos',
  },
  'POST /api/getPhotosByEventId/bulk-delete': { summary: 'Delete the selected photos of an event', body: PhotoBulkDelete, data: BulkDeleted },
  'POST /api/uploadExcel': {
    summary: 'Start a photo sheet upload (multipart); 409 with data { duplicates } for repeated bid numbers',
    body: PhotoUpload,
    data: z.object({ job_id: Id }),
  },
  'POST /api/deleteEventPhotos': { summary: "Clear an event's photos", body: PhotosClear, data: z.object({ count: z.number().int() }) },
  'POST /api/template': { summary: 'Save a template of an image campaign', body: TemplateInput, data: SavedTemplate },
  'GET /api/template/{id}': { summary: 'One template', data: Template },
  'PUT /api/template/{id}': { summary: "Move a template's transparent area", body: TemplateAreaInput, data: Template },
  'DELETE /api/template/{id}': { summary: 'Delete a template', data: z.null() },
  'GET /api/getAllParticipantVideos': {
    summary: "A campaign's videos of one status (?campaign_id, status, pageCount), one page",
    query: VideoListQuery,
    data: paginator(ParticipantVideo),
  },
  'GET /api/getAllParticipantVideos/counts': { summary: "A campaign's videos per status (?campaign_id)", query: CampaignListQuery, data: VideoCounts },
  'GET /api/getAllParticipantVideos/export': {
    summary: "A campaign's videos of one status as CSV (columns id, name, age, district, school_name, dropbox_shareable_link, video_url, status)",
    csv: 'videos',
  },
  'POST /api/getAllParticipantVideos/bulk-status': { summary: 'Accept (4) or reject (3) the selected videos', body: VideoBulkStatus, data: BulkUpdated },
  'GET /api/participantVideo/{id}': { summary: 'One participant video', data: ParticipantVideo },
  'POST /api/updateParticipantVideo': {
    summary: 'Accept (4) or reject (3) a video',
    body: VideoModeration,
    data: z.object({ id: Id, status: z.number().int() }),
  },
  'GET /api/getAllConferenceUSers': {
    summary: "A campaign's conference users (?campaign_id, pageCount), one page",
    query: ConferenceListQuery,
    data: paginator(ConferenceUser),
  },
  'GET /api/getAllConferenceUSers/export': { summary: "A campaign's conference users as CSV (columns id, name, email, type)", csv: 'conference-users' },
  'POST /api/updateParticipantType': { summary: 'Make an attendee a speaker', body: SpeakerInput, data: ConferenceUser },
  'GET /uploads/{path}': {
    summary: 'A stored image (PNG, JPEG or WebP) by its key; the bytes, cached a day (404 envelope when there is none)',
    bytes: ['image/png', 'image/jpeg', 'image/webp'],
  },
  ...RECOGNITION_CONTRACT,
  ...PARTICIPANTS_CONTRACT,
  ...INSIGHTS_CONTRACT,
} satisfies Record<string, { summary: string; body?: z.ZodType; query?: z.ZodType; data?: z.ZodType; csv?: string; bytes?: readonly string[] }>;

/**
 * What a client sends to organiser route `K`: the input type of its body schema (a form's text or
 * a JSON number where both are read). The console checks its calls with it (`satisfies
 * BodyOf<'POST /api/template'>`), so a field the contract renames or retypes fails the type check.
 */
export type BodyOf<K extends keyof typeof ORGANISER_CONTRACT> = (typeof ORGANISER_CONTRACT)[K] extends { body: infer B extends z.ZodType } ? z.input<B> : never;
/** What POST campaign and PUT campaign/{id} read, as a client sends it. */
export type CampaignBody = z.input<typeof CampaignInput>;
export type CampaignUpdateBody = z.input<typeof CampaignUpdate>;
/** What PUT organiser/booking/{id} reads, as a client sends it. */
export type BookingAnswerBody = z.input<typeof BookingAnswer>;
