import { http } from '../../lib/http.ts';
import { listEndpoints } from '../../components/list-endpoints.ts';
import { localTimeZone } from '../../common/time-zone.ts';

/** An event (organiser-console §3), declared in the wire contract: `logo` is a public URL or ''. Dates YYYY-MM-DD. */
export type { Event } from '../../common/contract/schemas.ts';
import type { Event } from '../../common/contract/schemas.ts';
import type { BodyOf, EventInput, EventUpdate } from '../../common/contract/organiser.ts';
/** The Add Event form as POST event sends it (dates YYYY-MM-DD, logo a data URL or ''). */
export interface NewEvent {
  title: string;
  description: string;
  start_date: string;
  end_date: string;
  organizer_id: string;
  event_logo: string;
  /** The participants' default language (docs/languages.md "E-mails"): a shipped locale, or '' (English). */
  language: string;
}

/**
 * GET event?organizer_id= (search title, filter when=upcoming|past), bulk-delete, export (list wire contract);
 * `tz` the browser's time zone, which judges "upcoming" while the organiser has saved none (common/time-zone.ts).
 */
export const events = (organizerId: string) => listEndpoints<Event>('event', 'events', { organizer_id: organizerId, tz: localTimeZone() });
/** Sortable columns and filters this list may put in the address (list wire contract). */
export const EVENT_LIST = { sortable: ['id', 'title', 'start_date', 'end_date'], filters: ['when'], defaultSort: { sort: 'start_date', dir: 'desc' } } as const;
/** GET event/{id} (organiser-console §7): resolves to the envelope's data (Event); rejects with HttpError. */
export const getEvent = async (id: string | number) => (await http.get<Event>(`event/${id}`)).data;
/** POST event; the logo is a data URL, or a single space when there is none (organiser-console §5). */
export const createEvent = (e: NewEvent) => http.post<Event>('event', { ...e, event_logo: e.event_logo || ' ' } satisfies EventInput);
/** PUT event/{id}: title, description, dates; a logo data URL replaces the logo, ' ' keeps it. */
export const updateEvent = (id: number, e: Omit<NewEvent, 'organizer_id'>) =>
  http.put<Event>(`event/${id}`, { ...e, event_logo: e.event_logo || ' ' } satisfies EventUpdate);
/** Delete is update-style: PUT deleteEvent with event_id (organiser-console §7). */
export const deleteEvent = (id: number) => http.put('deleteEvent', { event_id: id } satisfies BodyOf<'PUT /api/deleteEvent'>);

/** A participant of an event and the funnel's counts (docs/participants.md), declared in the wire contract. */
export type { Funnel, Participant } from '../../common/contract/participants.ts';
import type { Funnel, NotifyPreview, Participant, ParticipantInput } from '../../common/contract/participants.ts';
/** GET event/{id}/participants (search BIB, name, e-mail; filter stage), export GET event/{id}/participants/export?stage= (BIBs). */
export const participants = (eventId: number) => listEndpoints<Participant>(`event/${eventId}/participants`, 'participants');
/** Sortable columns and the filter the participants list may put in the address. */
export const PARTICIPANT_LIST = {
  sortable: ['id', 'bib_number', 'name', 'created_at'],
  filters: ['stage'],
  defaultSort: { sort: 'bib_number', dir: 'asc' },
} as const;
/** GET event/{id}/funnel: participants per stage, each stage a subset of the one before. */
export const getFunnel = async (eventId: number) => (await http.get<Funnel>(`event/${eventId}/funnel`)).data;
/** POST event/{id}/notify-matched: resolves to the envelope, data { sent } (0 when everyone matched was already notified), message "N e-mails are queued.". */
export const notifyMatched = (eventId: number) => http.post<{ sent: number }>(`event/${eventId}/notify-matched`, {});
/** GET event/{id}/notify-matched: how many e-mails notifying would queue, how many matched participants have no address, the e-mail's subject and text. */
export const getNotifyPreview = async (eventId: number) => (await http.get<NotifyPreview>(`event/${eventId}/notify-matched`)).data;

export type { ConsentReceipt, ErasureReceipt, FaceSearchSettings } from '../../common/contract/participants.ts';
import type { ConsentReceipt, ErasureReceipt, FaceSearchInput, FaceSearchSettings } from '../../common/contract/participants.ts';
/** GET event/{id}/face-search: mode, retention, consent version, purge day and the day it closed (docs/participants.md "Face search"). */
export const getFaceSearch = async (eventId: number) => (await http.get<FaceSearchSettings>(`event/${eventId}/face-search`)).data;
/** PUT event/{id}/face-search. */
export const saveFaceSearch = (eventId: number, input: FaceSearchInput) => http.put<FaceSearchSettings>(`event/${eventId}/face-search`, input);
/** POST event/{id}/face-search/purge: the event's face data purged now; face search closed. */
export const purgeFaceData = (eventId: number) => http.post<FaceSearchSettings>(`event/${eventId}/face-search/purge`);
/** GET event/{id}/consents: the consent receipts, newest first. */
export const getConsents = async (eventId: number) => (await http.get<ConsentReceipt[]>(`event/${eventId}/consents`)).data;
/** POST event/{id}/participant/{pid}/erasure: an erasure request the organiser records; answers the receipt. */
/** POST event/{id}/participant (docs/participants.md): one participant by hand; resolves to the envelope (its message is the success toast); rejects with HttpError (422 with field errors). */
export const addParticipant = (eventId: number, p: ParticipantInput) => http.post<Participant>(`event/${eventId}/participant`, p);
export const recordErasure = (eventId: number, participantId: number) => http.post<ErasureReceipt>(`event/${eventId}/participant/${participantId}/erasure`);
/** POST event/{id}/participants: a participants sheet (multipart `file`); resolves to the envelope with the background job's id. */
export const importParticipants = (eventId: number, file: File) => http.post<{ job_id: number }>(`event/${eventId}/participants`, { file });
/** Personal storage key of the running participants import's job id for one event. */
export const participantJobKey = (eventId: number) => `import-job:participants:${eventId}`;
