import { http, qs } from '../../lib/http.ts';

/** Campaign (organiser-console §3) and a campaign with its event's title, templates and stored settings (getCampaignDetailById), declared in the wire contract. */
export type { Campaign, CampaignDetail } from '../../common/contract/schemas.ts';
import type { Campaign, CampaignDetail } from '../../common/contract/schemas.ts';
/**
 * Payment slabs of the photo-recognition API (keyed by slab id) and the subdomain check's answer:
 * declared in the wire contract. A video campaign's participant videos are in videos-api.ts, a
 * conference campaign's users in conference-api.ts (their tabs are chunks of their own).
 */
export type { PaymentSlabs } from '../../common/contract/recognition.ts';
export type { SubdomainAvailability } from '../../common/contract/organiser.ts';
import type { PaymentSlabs } from '../../common/contract/recognition.ts';
import type { SubdomainAvailability, BodyOf, CampaignBody, CampaignUpdateBody } from '../../common/contract/organiser.ts';

/** The campaign form's call (organiser-console §7 "Campaigns"). */
export interface CampaignPayload {
  title: string;
  description: string;
  logo: string;
  start_date: string;
  end_date: string;
  event_id: number;
  type: number;
  share_post_quote: string;
  image_console_id: string;
  is_sales_event: number;
  is_dynamic_branding: number;
  application: number;
  subdomain: string;
  event_url: string;
}

const recognition = { service: 'recognition' } as const;

/** GET getCampaigns?event_id= (organiser-console §7): every campaign of the event (no pages); optional q (title), sort, dir, type. Resolves to Campaign[]; rejects with HttpError. */
export const listCampaigns = async (eventId: number, params: Record<string, string | number> = {}) =>
  (await http.get<Campaign[]>(`getCampaigns${qs({ event_id: eventId, ...params })}`)).data;
/** Sortable columns and the filter the campaign cards may put in the address. */
export const CAMPAIGN_LIST = { sortable: ['id', 'title', 'start_date', 'end_date', 'type'], filters: ['type'] } as const;
/** The dates a campaign of the event must lie within (YYYY-MM-DD). */
export interface EventDates {
  start_date: string;
  end_date: string;
}
/** GET event/{id} (organiser-console §7), kept to the event's dates for the campaign form: resolves to EventDates; rejects with HttpError. */
export const getEventDates = async (eventId: number): Promise<EventDates> => {
  const e = (await http.get<EventDates>(`event/${eventId}`)).data;
  return { start_date: e.start_date, end_date: e.end_date };
};
/**
 * GET getCampaignDetailById?campaign_id= (organiser-console §7): resolves to the envelope's data (CampaignDetail); rejects
 * with HttpError. Its ETag is kept as campaign/{id}'s, so the Edit Campaign form's PUT sends it as If-Match (docs/live.md).
 */
export const getCampaign = async (id: number) =>
  (await http.get<CampaignDetail>(`getCampaignDetailById${qs({ campaign_id: id })}`, { record: `campaign/${id}` })).data;
/** POST campaign (organiser-console §7): resolves to the envelope (its message is the success toast); rejects with HttpError.
 * Given up after 30 s (a logo may ride along), so a lost answer ends in a TimeoutError rather than a wait forever. */
export const createCampaign = (p: CampaignPayload) => http.post<{ id: number }>('campaign', { ...p } satisfies CampaignBody, { timeoutMs: 30_000 });
/** PUT campaign/{id}: every field of the form but the event; a logo data URL replaces the logo, ' ' keeps it. */
export const updateCampaign = (id: number, p: Omit<CampaignPayload, 'event_id'> & object) =>
  http.put<CampaignDetail>(`campaign/${id}`, { ...p } satisfies CampaignUpdateBody, { timeoutMs: 30_000 });
/** The id of the event's campaign that carries photo-recognition event `recognitionId`, or null. */
export const findCampaignByRecognitionId = async (eventId: number, recognitionId: number) =>
  (await listCampaigns(eventId)).find((c) => String(c.image_console_id) === String(recognitionId))?.id ?? null;
/**
 * GET campaign/subdomain-available: resolves to true when no campaign but `campaignId` (the one
 * being edited, null on create) uses `subdomain`; rejects with HttpError (422 for an invalid label).
 */
export const subdomainAvailable = async (eventId: number, subdomain: string, campaignId: number | null, signal?: AbortSignal) =>
  (await http.get<SubdomainAvailability>(`campaign/subdomain-available${qs({ event_id: eventId, subdomain, campaign_id: campaignId })}`, { signal })).data
    .available;
/** PUT deleteCampaign (organiser-console §7): resolves to the envelope (its message is the success toast); rejects with HttpError. */
export const deleteCampaign = (id: number) => http.put('deleteCampaign', { campaign_id: id } satisfies BodyOf<'PUT /api/deleteCampaign'>);
/** DELETE template/{id} (organiser-console §7): resolves to the envelope (its message is the success toast); rejects with HttpError. */
export const deleteTemplate = (id: number) => http.del(`template/${id}`);

// Photo-recognition service (organiser-console §7; DESIGN.md §4): JSON bodies, through the server
// with the user's session, each call given up after RECOGNITION_TIMEOUT_MS (lib/http.ts).
/** GET payment-slabs (photo-recognition API, organiser-console §3): resolves to the envelope's data (PaymentSlabs); rejects with HttpError. */
export const getPaymentSlabs = async () => (await http.get<PaymentSlabs>('payment-slabs', recognition)).data;
/** POST events (photo-recognition API, organiser-console §3): resolves to the new recognition event's id; rejects with HttpError. */
export const createRecognitionEvent = async (payload: object) => (await http.post<{ id: number }>('events', payload, recognition)).data.id;
/** POST events/{id}/bib_filter (photo-recognition API, organiser-console §3): resolves to the envelope (its message is the success toast); rejects with HttpError. */
export const saveBibFilter = (id: number, payload: object) => http.post(`events/${id}/bib_filter`, payload, recognition);
/** PUT events/{id} (photo-recognition API): replaces the event's settings (a campaign edit); rejects with HttpError. */
export const updateRecognitionEvent = (id: number, payload: object) => http.put(`events/${id}`, payload, recognition);
/** DELETE events/{id} (photo-recognition API, organiser-console §3): resolves to the envelope (its message is the success toast); rejects with HttpError. */
export const deleteRecognitionEvent = (id: number) => http.del(`events/${id}`, recognition);
/**
 * POST events/payment/participant (photo-recognition API, organiser-console §7; docs/campaigns.md
 * "Participant payments"): records that a participant of recognition event `eventId` paid
 * (BIB number, e-mail or '', payment slab id). Resolves to the envelope (its message is the
 * success toast); rejects with HttpError (422 naming each field).
 */
export const recordParticipantPayment = (eventId: number, p: { bib_number: string; email: string; payment_slab: string }) =>
  http.post('events/payment/participant', { event_id: eventId, ...p } satisfies BodyOf<'POST /recognition/events/payment/participant'>, recognition);
