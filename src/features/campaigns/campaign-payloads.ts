import { sponsorList, sponsorsText } from '../../common/campaign-settings.ts';
import type { BodyOf } from '../../common/contract/organiser.ts';
import { subdomainPreview } from './campaign-kinds.ts';
import { bibOn, type CampaignForm, datesOf, isSales } from './campaign-form-state.ts';

/**
 * The bodies a campaign form's save sends (organiser-console §7): the photo-recognition event,
 * its BIB filtering, and the campaign call with the settings stored beside it. Pure.
 */

const bibValue = (f: CampaignForm, v: string) => (bibOn(f) ? v.trim() : '');

/** Photo-recognition "create event" body (§7), JSON. Payment slab 0 is sent as empty (§5). */
export function recognitionPayload(f: CampaignForm) {
  const { start, end } = datesOf(f);
  return {
    name: f.title.trim(),
    location: f.location.trim(),
    type: f.type,
    is_active: true,
    is_sales: isSales(f),
    from_date: start,
    to_date: end,
    organizer: f.organizer.trim(),
    sponsors: sponsorList(f.sponsors),
    fr1: Number(f.primary_tolerance),
    fr2: Number(f.secondary_tolerance),
    fr3: Number(f.recognition_tolerance),
    slug: f.subdomain.trim().toLowerCase(),
    payment: isSales(f) && f.payment_slab !== '0' ? f.payment_slab : '',
    is_sales_combined: f.sale_event === '2',
    is_date_filter_enabled: f.date_filtering,
    photo_points: [],
    is_dynamic_branding_enabled: f.is_dynamic_branding === '1',
  } satisfies BodyOf<'POST /recognition/events'>;
}

/** Photo-recognition "save BIB filtering" body (§7): the numbers only when BIB-present is ticked (§5) on a campaign that searches photos. */
export function bibPayload(f: CampaignForm) {
  return {
    bib_start_range: bibValue(f, f.bib_start_range),
    bib_end_range: bibValue(f, f.bib_end_range),
    bib_prefix: bibValue(f, f.bib_number_prefix),
    bib_suffix: bibValue(f, f.bib_number_suffix),
    bib_length: bibValue(f, f.bib_length),
    is_bib_present: bibOn(f),
  } satisfies BodyOf<'POST /recognition/events/{id}/bib_filter'>;
}

/** The campaign call (§7) carrying the photo-recognition event id. The logo goes as a data URL, ' ' when none. */
export function campaignPayload(f: CampaignForm, eventId: number, imageConsoleId: number, host: string) {
  const { start, end } = datesOf(f);
  return {
    title: f.title.trim(),
    description: f.description,
    logo: f.logo || ' ',
    start_date: start,
    end_date: end,
    event_id: eventId,
    type: Number(f.campaign_type),
    share_post_quote: f.share_post_quote,
    image_console_id: String(imageConsoleId),
    is_sales_event: Number(f.sale_event),
    is_dynamic_branding: Number(f.is_dynamic_branding),
    application: Number(f.application),
    subdomain: f.subdomain.trim().toLowerCase(),
    event_url: `https://${subdomainPreview(f.subdomain, host)}`,
    ...settingsPayload(f),
  };
}

/** The form's settings the API stores beside the campaign so the detail and the edit form show them. */
export function settingsPayload(f: CampaignForm) {
  return {
    event_type: f.type,
    location: f.location.trim(),
    organizer: f.organizer.trim(),
    sponsors: sponsorsText(f.sponsors),
    primary_tolerance: f.primary_tolerance,
    secondary_tolerance: f.secondary_tolerance,
    recognition_tolerance: f.recognition_tolerance,
    payment_slab: isSales(f) ? f.payment_slab : '0',
    date_filtering: f.date_filtering ? 1 : 0,
    is_bib_number_present: bibOn(f) ? 1 : 0,
    bib_start_range: bibValue(f, f.bib_start_range),
    bib_end_range: bibValue(f, f.bib_end_range),
    bib_length: bibValue(f, f.bib_length),
    bib_number_prefix: bibValue(f, f.bib_number_prefix),
    bib_number_suffix: bibValue(f, f.bib_number_suffix),
  };
}
