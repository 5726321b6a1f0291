import '../../lib/messages/campaigns.ts';
import { CAMPAIGN_TYPES, searchesPhotos, subdomainPreview } from './campaign-kinds.ts';
import { SUBDOMAIN_MAX_LENGTH, isSubdomain } from '../../common/campaign-links.ts';
import { bibRangeProblems } from '../../common/bib-range.ts';
import { EVENT_TYPES, TOLERANCES, sponsorList, sponsorsText } from '../../common/campaign-settings.ts';
import { campaignDatesOutsideEvent } from '../../common/dates.ts';
import type { BodyOf } from '../../common/contract/organiser.ts';
import type { MessageKey } from '../../common/i18n/catalogs/en.ts';
import { campaignsEn as en } from '../../common/i18n/catalogs/campaigns/en.ts';
import { formatMessage } from '../../common/i18n/message-format.ts';
import { t } from '../../lib/i18n.ts';

/**
 * The campaign form (organiser-console §3 "Campaign creation form fields", §5 "Campaign form")
 * as plain data and functions: its fields, their inline errors, and the three payloads it
 * sends (photo-recognition event, BIB filter, campaign). Values are the inputs' strings.
 */
export interface CampaignForm {
  campaign_type: string;
  type: string;
  application: string;
  title: string;
  location: string;
  organizer: string;
  sponsors: string;
  single_day: boolean;
  camp_date: string;
  startDate: string;
  endDate: string;
  primary_tolerance: string;
  secondary_tolerance: string;
  recognition_tolerance: string;
  sale_event: string;
  is_dynamic_branding: string;
  payment_slab: string;
  share_post_quote: string;
  logo: string;
  logo_name: string;
  description: string;
  subdomain: string;
  is_bib_number_present: boolean;
  bib_start_range: string;
  bib_end_range: string;
  bib_length: string;
  bib_number_prefix: string;
  bib_number_suffix: string;
  date_filtering: boolean;
}
/** A field of the campaign form. */
export type FieldName = keyof CampaignForm;

/** The select options of organiser-console §3, as [value, label] (or values where value is the label). */
export { CAMPAIGN_TYPES, EVENT_TYPES, TOLERANCES };
export const APPLICATIONS = [
  ['1', 'Combined'],
  ['2', 'Face Search'],
  ['3', 'BIB Search'],
] as const;
export const SALE_EVENTS = [
  ['0', 'Free'],
  ['1', 'Sales Event'],
  ['2', 'Sales combined Pre-paid Event'],
] as const;
export const DYNAMIC_BRANDING = [
  ['0', 'No'],
  ['1', 'Yes'],
] as const;

/**
 * Inline messages of organiser-console §5 in English, as the spec words them (the catalog's
 * source; the form shows them in the reader's language through t()).
 */
export const FIELD_EMPTY = en['campaigns.form.fieldEmpty'];
export const TITLE_SHORT = en['campaigns.form.titleShort'];
/** Wording of ours where §5 is silent. */
export const END_BEFORE_START = en['campaigns.form.endBeforeStart'];
export const SUBDOMAIN_CHARS = en['campaigns.form.subdomainChars'];
export const SUBDOMAIN_LONG = formatMessage('en', en['campaigns.form.subdomainLong'], { max: SUBDOMAIN_MAX_LENGTH });
export const SUBDOMAIN_TAKEN = en['campaigns.form.subdomainTaken'];
/** The inline "Field cannot be empty." in the reader's language. */
const fieldEmpty = () => t('campaigns.form.fieldEmpty');

/** A fresh campaign form: the spec's defaults, every text empty. */
export const EMPTY_FORM: CampaignForm = {
  campaign_type: '1',
  type: 'RUNNING',
  application: '1',
  title: '',
  location: '',
  organizer: '',
  sponsors: '',
  single_day: true,
  camp_date: '',
  startDate: '',
  endDate: '',
  primary_tolerance: '0',
  secondary_tolerance: '0',
  recognition_tolerance: '0',
  sale_event: '0',
  is_dynamic_branding: '0',
  payment_slab: '0',
  share_post_quote: '',
  logo: '',
  logo_name: '',
  description: '',
  subdomain: '',
  is_bib_number_present: false,
  bib_start_range: '',
  bib_end_range: '',
  bib_length: '',
  bib_number_prefix: '',
  bib_number_suffix: '',
  date_filtering: false,
};

const blank = (v: string) => v.trim() === '';

/** BIB numbers are in use: ticked, on a campaign that searches photos. */
export const bibOn = (f: CampaignForm) => f.is_bib_number_present && searchesPhotos(f.campaign_type);

/** Sales types show the payment-slab section (§2). */
export const isSales = (f: CampaignForm) => f.sale_event === '1' || f.sale_event === '2';

/** Start and end dates, YYYY-MM-DD; both are `camp_date` in single-day mode (§5). */
export const datesOf = (f: CampaignForm) => (f.single_day ? { start: f.camp_date, end: f.camp_date } : { start: f.startDate, end: f.endDate });

/**
 * Every field's error, by field name; empty when the form may be submitted. With `event` (the
 * event's dates, YYYY-MM-DD) the campaign's dates must lie within them (src/common/dates.ts).
 */
export function fieldErrors(f: CampaignForm, event?: { start_date: string; end_date: string } | null): Partial<Record<FieldName, string>> {
  const e: Partial<Record<FieldName, string>> = {};
  const empty = fieldEmpty();
  if (blank(f.title)) e.title = empty;
  else if (f.title.trim().length < 4) e.title = t('campaigns.form.titleShort');
  for (const k of ['location', 'organizer', 'description'] as const) if (blank(f[k])) e[k] = empty;
  if (blank(f.subdomain)) e.subdomain = empty;
  else if (f.subdomain.trim().length > SUBDOMAIN_MAX_LENGTH) e.subdomain = t('campaigns.form.subdomainLong', { max: SUBDOMAIN_MAX_LENGTH });
  else if (!isSubdomain(f.subdomain.trim())) e.subdomain = t('campaigns.form.subdomainChars');
  if (f.single_day) {
    if (blank(f.camp_date)) e.camp_date = empty;
  } else {
    if (blank(f.startDate)) e.startDate = empty;
    if (blank(f.endDate)) e.endDate = empty;
    else if (!e.startDate && f.endDate < f.startDate) e.endDate = t('campaigns.form.endBeforeStart');
  }
  if (event) {
    const { start, end } = datesOf(f);
    const out = campaignDatesOutsideEvent(start, end, event.start_date, event.end_date);
    if (f.single_day) {
      if (!e.camp_date && out.start) e.camp_date = out.start;
    } else {
      if (!e.startDate && out.start) e.startDate = out.start;
      if (!e.endDate && out.end) e.endDate = out.end;
    }
  }
  if (searchesPhotos(f.campaign_type)) {
    for (const k of ['primary_tolerance', 'secondary_tolerance', 'recognition_tolerance'] as const) if (blank(f[k])) e[k] = empty;
  }
  if (bibOn(f)) Object.assign(e, bibRangeProblems(f.bib_start_range, f.bib_end_range, f.bib_length));
  return e;
}

/** The catalog keys of the form's labels by field, as the inputs show them; the summary beside Submit names fields with these. */
export const FIELD_LABELS: Record<FieldName, MessageKey> = {
  campaign_type: 'campaigns.form.campaignType',
  title: 'campaigns.form.title',
  location: 'campaigns.form.location',
  organizer: 'campaigns.form.organizer',
  sponsors: 'campaigns.form.sponsors',
  single_day: 'campaigns.form.singleDay',
  camp_date: 'campaigns.form.campaignDate',
  startDate: 'campaigns.form.startDate',
  endDate: 'campaigns.form.endDate',
  description: 'campaigns.form.description',
  subdomain: 'campaigns.form.subdomain',
  share_post_quote: 'campaigns.form.sharePostQuote',
  logo: 'campaigns.form.logo',
  logo_name: 'campaigns.form.logo',
  type: 'campaigns.form.type',
  application: 'campaigns.form.application',
  primary_tolerance: 'campaigns.form.primaryTolerance',
  secondary_tolerance: 'campaigns.form.secondaryTolerance',
  recognition_tolerance: 'campaigns.form.tertiaryTolerance',
  date_filtering: 'campaigns.form.dateFiltering',
  sale_event: 'campaigns.form.saleEvent',
  is_dynamic_branding: 'campaigns.form.dynamicBranding',
  payment_slab: 'campaigns.form.paymentSlab',
  is_bib_number_present: 'campaigns.form.bibPresent',
  bib_start_range: 'campaigns.form.bibStart',
  bib_end_range: 'campaigns.form.bibEnd',
  bib_length: 'campaigns.form.bibLength',
  bib_number_prefix: 'campaigns.form.bibPrefix',
  bib_number_suffix: 'campaigns.form.bibSuffix',
};

/**
 * The summary beside a disabled Submit, in the form's field order: "Some required fields are
 * empty" only when a required field is empty, and the fields with any other error by their
 * labels ("BIB Length is not valid", "Start Date, End Date are not valid"), joined with "; ".
 * '' when there is no error.
 */
export function errorSummary(errors: Partial<Record<FieldName, string>>): string {
  const empty = fieldEmpty();
  const names = (Object.keys(FIELD_LABELS) as FieldName[]).filter((k) => errors[k]);
  const invalid = names.filter((k) => errors[k] !== empty).map((k) => t(FIELD_LABELS[k]));
  const someEmpty = names.some((k) => errors[k] === empty);
  const notValid = invalid.length
    ? t('campaigns.form.summaryInvalid', { fields: invalid.join(t('campaigns.form.fieldSeparator')), count: invalid.length })
    : '';
  if (someEmpty && notValid) return t('campaigns.form.summaryBoth', { empty: t('campaigns.form.summaryEmpty'), invalid: notValid });
  return someEmpty ? t('campaigns.form.summaryEmpty') : notValid;
}

/** Form values plus which fields were touched or changed (inline errors show only for those, §5). */
export interface FormState {
  form: CampaignForm;
  touched: Partial<Record<FieldName, true>>;
}
/** What can happen to the form: fields set, a field touched, reset, a saved form or draft loaded. */
export type FormAction =
  | { type: 'set'; patch: Partial<CampaignForm> }
  | { type: 'touch'; field: FieldName }
  | { type: 'reset' }
  | { type: 'load'; form: CampaignForm };

/** An empty campaign form with nothing touched. */
export const initForm = (): FormState => ({ form: EMPTY_FORM, touched: {} });

/** The next form state after `a` (pure): a field set, touched, or the form reset. */
export function formReducer(s: FormState, a: FormAction): FormState {
  switch (a.type) {
    case 'set': {
      const touched = { ...s.touched };
      for (const k of Object.keys(a.patch) as FieldName[]) touched[k] = true;
      return { form: { ...s.form, ...a.patch }, touched };
    }
    case 'touch':
      return s.touched[a.field] ? s : { ...s, touched: { ...s.touched, [a.field]: true } };
    case 'reset':
      return initForm();
    case 'load':
      return { form: a.form, touched: {} };
  }
}

/** The error to show beside a field: only once it was touched or changed. */
export const visibleError = (s: FormState, errors: Partial<Record<FieldName, string>>, field: FieldName) => (s.touched[field] ? errors[field] : undefined);
