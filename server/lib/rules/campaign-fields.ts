/**
 * The campaign fields of POST campaign, PUT campaign/{id} and GET campaign/subdomain-available
 * (organiser-console §3, §7): one set of rules over the shared ones of src/common/ (subdomain,
 * BIB range, settings), so create, update and the live check agree.
 */
import { validationError } from '../../http-error.ts';
import { date, integer, maxLength, minLength, oneOf, required, str, validate, type Rule } from '../http/validate.ts';
import { EVENT_TYPES, SPONSORS_MAX_LENGTH, TOLERANCES, sponsorsText } from '../../../src/common/campaign-settings.ts';
import { SUBDOMAIN_MAX_LENGTH, isSubdomain } from '../../../src/common/campaign-links.ts';
import { bibRangeProblems } from '../../../src/common/bib-range.ts';
import { campaignDatesOutsideEvent } from '../../../src/common/dates.ts';
import type { CampaignSettings } from '../../db/queries/campaigns.ts';

type Body = Record<string, unknown>;

const subdomain: Rule = (v, l) =>
  typeof v === 'string' && v !== '' && !isSubdomain(v) ? `The ${l} may only contain letters, numbers and dashes.` : null;
/** The subdomain's rules (campaign-links.ts: a label of at most 63 characters), for create, update and the availability check. */
export const subdomainRules: Rule[] = [required, maxLength(SUBDOMAIN_MAX_LENGTH), subdomain];
const httpUrl: Rule = (v, l) => (typeof v === 'string' && v !== '' && !/^https?:\/\/\S+$/i.test(v) ? `The ${l} must be a valid URL.` : null);

/** The fields of POST campaign and PUT campaign/{id} (organiser-console §3, §7) with the form's settings. */
export const campaignRules = {
  title: [required, minLength(4), maxLength(255)], description: [required, maxLength(5000)],
  start_date: [required, date], end_date: [required, date],
  type: [required, oneOf(1, 2, 3, 4)], share_post_quote: [maxLength(1000)], image_console_id: [required, maxLength(64)],
  is_sales_event: [oneOf(0, 1, 2)], is_dynamic_branding: [oneOf(0, 1)], application: [oneOf(1, 2, 3)],
  subdomain: subdomainRules, event_url: [httpUrl, maxLength(500)], friendly_url: [httpUrl, maxLength(1000)],
  event_type: [oneOf(...EVENT_TYPES)], location: [maxLength(255)], organizer: [maxLength(255)], sponsors: [maxLength(SPONSORS_MAX_LENGTH)],
  primary_tolerance: [oneOf(...TOLERANCES)], secondary_tolerance: [oneOf(...TOLERANCES)], recognition_tolerance: [oneOf(...TOLERANCES)],
  payment_slab: [integer, maxLength(9)], date_filtering: [oneOf(0, 1)], is_bib_number_present: [oneOf(0, 1)],
  bib_start_range: [maxLength(64)], bib_end_range: [maxLength(64)], bib_length: [maxLength(64)],
  bib_number_prefix: [maxLength(32)], bib_number_suffix: [maxLength(32)],
};
export const campaignLabels = {
  start_date: 'start date', end_date: 'end date', event_id: 'event id', image_console_id: 'image console id',
  is_sales_event: 'sale event', is_dynamic_branding: 'dynamic branding', share_post_quote: 'share post quote',
  event_type: 'event type', is_bib_number_present: 'BIB number present', bib_start_range: 'BIB start range',
  bib_end_range: 'BIB end range', bib_length: 'BIB length', bib_number_prefix: 'BIB prefix', bib_number_suffix: 'BIB suffix',
};

const num = (body: Body, field: string, fallback: number) => (str(body, field) === '' ? fallback : Number(str(body, field)));

/**
 * Validates a campaign body (every rule, then end >= start and the BIB range), throwing one 422
 * `validation_error` naming each failing field. `extra` adds rules (POST's event_id).
 */
export function validateCampaign(body: Body, extra: Record<string, Rule[]> = {}): void {
  validate(body, { ...campaignRules, ...extra }, campaignLabels);
  const errors: Record<string, string[]> = {};
  if (str(body, 'end_date') < str(body, 'start_date')) errors.end_date = ['The end date must be a date after or equal to start date.'];
  for (const [k, m] of Object.entries(bibRangeProblems(str(body, 'bib_start_range'), str(body, 'bib_end_range'), str(body, 'bib_length')))) errors[k] = [m];
  if (Object.keys(errors).length) throw validationError(errors);
}

/**
 * Throws a 422 `validation_error` when the campaign's start_date or end_date lies outside its
 * event's dates (issue 23 item 2), with the form's message naming the event's dates
 * (src/common/dates.ts). Call after validateCampaign.
 */
export function assertWithinEvent(body: Body, event: { start_date: string; end_date: string }): void {
  const p = campaignDatesOutsideEvent(str(body, 'start_date'), str(body, 'end_date'), event.start_date, event.end_date);
  const errors: Record<string, string[]> = {};
  if (p.start) errors.start_date = [p.start];
  if (p.end) errors.end_date = [p.end];
  if (Object.keys(errors).length) throw validationError(errors);
}

/** The stored columns of a validated body, apart from event, logo and links. */
export function campaignColumns(body: Body) {
  const settings: CampaignSettings = {
    event_type: str(body, 'event_type') || 'RUNNING', location: str(body, 'location').trim(), organizer: str(body, 'organizer').trim(),
    sponsors: sponsorsText(str(body, 'sponsors')), primary_tolerance: str(body, 'primary_tolerance') || '0',
    secondary_tolerance: str(body, 'secondary_tolerance') || '0', recognition_tolerance: str(body, 'recognition_tolerance') || '0',
    payment_slab: str(body, 'payment_slab') === '0' ? '' : str(body, 'payment_slab'), date_filtering: num(body, 'date_filtering', 0),
    is_bib_number_present: num(body, 'is_bib_number_present', 0), bib_start_range: str(body, 'bib_start_range').trim(),
    bib_end_range: str(body, 'bib_end_range').trim(), bib_length: str(body, 'bib_length').trim(),
    bib_number_prefix: str(body, 'bib_number_prefix').trim(), bib_number_suffix: str(body, 'bib_number_suffix').trim(),
  };
  return {
    title: str(body, 'title').trim(), description: str(body, 'description'), start_date: str(body, 'start_date'), end_date: str(body, 'end_date'),
    type: Number(str(body, 'type')), share_post_quote: str(body, 'share_post_quote'), image_console_id: str(body, 'image_console_id'),
    is_sales_event: num(body, 'is_sales_event', 0), is_dynamic_branding: num(body, 'is_dynamic_branding', 0),
    application: num(body, 'application', 1), subdomain: str(body, 'subdomain').toLowerCase(), event_url: str(body, 'event_url'), ...settings,
  };
}
