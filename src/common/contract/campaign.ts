import { z } from 'zod';
import {
  choice,
  imageDataUrl,
  dateField,
  endNotBeforeStart,
  fieldIssue,
  optionalRecordId,
  optionalText,
  recordIdField,
  requiredChoice,
  textOrNumber,
  textWith,
} from './base.ts';
import { atLeast, atMost, isInteger, isRequired, subdomainPattern, type Check } from './checks.ts';
import { SUBDOMAIN_MAX_LENGTH } from '../campaign-links.ts';
import { bibRangeProblems } from '../bib-range.ts';
import { EVENT_TYPES, SPONSORS_MAX_LENGTH, TOLERANCES } from '../campaign-settings.ts';

/**
 * The campaign form's part of the wire contract (organiser-console §3, §7; docs/campaigns.md):
 * POST campaign and PUT campaign/{id} bodies with the settings stored beside the campaign, their
 * labels, the subdomain check and deleteCampaign. ./organiser.ts re-exports it and names these
 * bodies in ORGANISER_CONTRACT; the campaign record stays in ./schemas.ts.
 */

/** A campaign subdomain (common/campaign-links.ts): required, a label of at most 63 characters. */
export const subdomainField = textWith(isRequired, atMost(SUBDOMAIN_MAX_LENGTH), subdomainPattern);
const httpUrl: Check = (s) => (s !== '' && !/^https?:\/\/\S+$/i.test(s) ? 'The :attribute must be a valid URL.' : null);
const bibText = (max: number) => textOrNumber(atMost(max)).optional();
/** The campaign form's fields (POST campaign, PUT campaign/{id}) with the settings stored beside the campaign. */
const campaignShape = {
  title: textWith(isRequired, atLeast(4), atMost(255)),
  description: textWith(isRequired, atMost(5000)),
  start_date: dateField,
  end_date: dateField,
  logo: imageDataUrl,
  type: requiredChoice(1, 2, 3, 4),
  share_post_quote: optionalText(1000),
  image_console_id: textOrNumber(isRequired, atMost(64)),
  is_sales_event: choice(0, 1, 2),
  is_dynamic_branding: choice(0, 1),
  application: choice(1, 2, 3),
  subdomain: subdomainField,
  event_url: textWith(httpUrl, atMost(500)).optional(),
  event_type: choice(...EVENT_TYPES),
  location: optionalText(255),
  organizer: optionalText(255),
  sponsors: optionalText(SPONSORS_MAX_LENGTH),
  primary_tolerance: choice(...TOLERANCES),
  secondary_tolerance: choice(...TOLERANCES),
  recognition_tolerance: choice(...TOLERANCES),
  payment_slab: textOrNumber(isInteger, atMost(9)).optional(),
  date_filtering: choice(0, 1),
  is_bib_number_present: choice(0, 1),
  bib_start_range: bibText(64),
  bib_end_range: bibText(64),
  bib_length: bibText(64),
  bib_number_prefix: bibText(32),
  bib_number_suffix: bibText(32),
};
/** End ≥ start and the BIB range (common/bib-range.ts) of a campaign body. */
const campaignRules = (
  v: { start_date?: string; end_date?: string; bib_start_range?: string; bib_end_range?: string; bib_length?: string },
  ctx: z.RefinementCtx,
) => {
  endNotBeforeStart(v, ctx);
  for (const [k, m] of Object.entries(bibRangeProblems(v.bib_start_range ?? '', v.bib_end_range ?? '', v.bib_length ?? ''))) fieldIssue(ctx, k, m);
};
/** PUT campaign/{id}: the form's fields (the event and the app link stay). */
export const CampaignUpdate = z.object(campaignShape).superRefine(campaignRules);
export type CampaignUpdate = z.output<typeof CampaignUpdate>;
/** POST campaign: the form's fields, its event and optionally the app link (made from CLIENT_APP_URL when not sent). */
export const CampaignInput = z
  .object({ ...campaignShape, event_id: recordIdField, friendly_url: textWith(httpUrl, atMost(1000)).optional() })
  .superRefine(campaignRules);
export type CampaignInput = z.output<typeof CampaignInput>;
/** The campaign fields' labels in messages ("The sale event …"). */
export const CAMPAIGN_LABELS: Record<string, string> = {
  image_console_id: 'image console id',
  is_sales_event: 'sale event',
  is_dynamic_branding: 'dynamic branding',
  share_post_quote: 'share post quote',
  event_type: 'event type',
  is_bib_number_present: 'BIB number present',
  bib_start_range: 'BIB start range',
  bib_end_range: 'BIB end range',
  bib_length: 'BIB length',
  bib_number_prefix: 'BIB prefix',
  bib_number_suffix: 'BIB suffix',
};
/** GET campaign/subdomain-available query: event_id, subdomain, campaign_id (the edited one, optional). */
export const SubdomainQuery = z.object({ event_id: recordIdField, subdomain: subdomainField, campaign_id: optionalRecordId });
/** What the subdomain check answers: the subdomain in lower case and whether no other campaign holds it. */
export const SubdomainAvailability = z.object({ subdomain: z.string(), available: z.boolean() });
export type SubdomainAvailability = z.infer<typeof SubdomainAvailability>;
/** PUT/POST deleteCampaign: campaign_id. */
export const CampaignDelete = z.object({ campaign_id: recordIdField });
