/** Reading a saved campaign back into the campaign form (organiser-console §3) for Edit. */
import type { CampaignForm } from './campaign-form-state.ts';

/** A saved campaign (getCampaignDetailById with its settings) as the form's values, for editing. The logo stays unless replaced. */
export function formOfCampaign(c: SavedCampaign): CampaignForm {
  const single = c.start_date === c.end_date;
  return {
    campaign_type: String(c.type),
    type: c.event_type || 'RUNNING',
    application: String(c.application),
    title: c.title,
    location: c.location ?? '',
    organizer: c.organizer ?? '',
    sponsors: c.sponsors ?? '',
    single_day: single,
    camp_date: single ? c.start_date : '',
    startDate: single ? '' : c.start_date,
    endDate: single ? '' : c.end_date,
    primary_tolerance: c.primary_tolerance || '0',
    secondary_tolerance: c.secondary_tolerance || '0',
    recognition_tolerance: c.recognition_tolerance || '0',
    sale_event: String(c.is_sales_event),
    is_dynamic_branding: String(c.is_dynamic_branding),
    payment_slab: c.payment_slab || '0',
    share_post_quote: c.share_post_quote,
    logo: '',
    logo_name: '',
    description: c.description,
    subdomain: c.subdomain,
    is_bib_number_present: !!c.is_bib_number_present,
    bib_start_range: c.bib_start_range ?? '',
    bib_end_range: c.bib_end_range ?? '',
    bib_length: c.bib_length ?? '',
    bib_number_prefix: c.bib_number_prefix ?? '',
    bib_number_suffix: c.bib_number_suffix ?? '',
    date_filtering: !!c.date_filtering,
  };
}

/** What formOfCampaign reads: the campaign's own fields and its stored settings (server migration 003). */
export interface SavedCampaign {
  type: number;
  application: number;
  title: string;
  description: string;
  start_date: string;
  end_date: string;
  is_sales_event: number;
  is_dynamic_branding: number;
  share_post_quote: string;
  subdomain: string;
  event_type: string;
  location: string;
  organizer: string;
  sponsors: string;
  primary_tolerance: string;
  secondary_tolerance: string;
  recognition_tolerance: string;
  payment_slab: string;
  date_filtering: number;
  is_bib_number_present: number;
  bib_start_range: string;
  bib_end_range: string;
  bib_length: string;
  bib_number_prefix: string;
  bib_number_suffix: string;
}
