import { Fragment } from 'react';
import { APPLICATIONS, DYNAMIC_BRANDING, SALE_EVENTS, searchesPhotos } from './campaign-form-state.ts';
import * as api from './api.ts';
import { useLoad } from '../../components/use-load.ts';
import { sponsorsText } from '../../common/campaign-settings.ts';

const nameOf = (options: readonly (readonly [string, string])[], v: number | string) => options.find(([k]) => k === String(v))?.[1] ?? String(v);
const yesNo = (v: number) => (v ? 'Yes' : 'No');
const orDash = (v: string | null | undefined) => (v && v.trim() ? v : '—');

/**
 * Every saved field of a campaign beyond the spec's Details (organiser-console §3 "Campaign
 * creation form fields"): subdomain, application, event type, location, organizer, sponsors,
 * tolerances, sale type and payment slab, dynamic branding, date filtering, BIB settings, share
 * quote and logo (a Video campaign without the photo-search ones), so what was entered can be checked without opening the form. The payment slab
 * shows by its name from GET payment-slabs (its id only while they load or when the list lacks it).
 */
export function CampaignSettingsList({ campaign: c }: { campaign: api.CampaignDetail }) {
  const slabId = String(c.payment_slab ?? '').trim();
  const slabs = useLoad((signal) => (slabId ? api.getPaymentSlabs() : Promise.resolve(null)), [slabId]);
  const slab = slabId ? (slabs.data?.[slabId]?.name ?? slabId) : '';
  const bib = c.is_bib_number_present
    ? [
        `${orDash(c.bib_start_range)} to ${orDash(c.bib_end_range)}`,
        c.bib_length && `length ${c.bib_length}`,
        c.bib_number_prefix && `prefix ${c.bib_number_prefix}`,
        c.bib_number_suffix && `suffix ${c.bib_number_suffix}`,
      ]
        .filter(Boolean)
        .join(', ')
    : 'No BIB numbers';
  // Rows marked `true` are photo-search settings, which a Video campaign does not have.
  const all: [string, React.ReactNode, boolean?][] = [
    ['Subdomain', c.subdomain],
    ['Application', nameOf(APPLICATIONS, c.application), true],
    ['Type', orDash(c.event_type), true],
    ['Location', orDash(c.location)],
    ['Organizer', orDash(c.organizer)],
    ['Sponsors', orDash(sponsorsText(c.sponsors))],
    ['Tolerances', `Primary ${c.primary_tolerance}, Secondary ${c.secondary_tolerance}, Tertiary ${c.recognition_tolerance}`, true],
    ['Sale type', nameOf(SALE_EVENTS, c.is_sales_event)],
    ['Payment slab', orDash(slab)],
    ['Dynamic branding', nameOf(DYNAMIC_BRANDING, c.is_dynamic_branding)],
    ['Date filtering', yesNo(c.date_filtering), true],
    ['BIB settings', bib, true],
    ['Share post quote', orDash(c.share_post_quote)],
    // biome-ignore lint/correctness/useJsxKeyInIterable: a [label, value] row, not a list of elements; the list below keys each row by its label
    ['Logo', c.logo.trim() ? <img className="logo-preview" src={c.logo} alt={`Logo of ${c.title}`} /> : 'No logo'],
  ];
  const rows = all.filter(([, , photoOnly]) => !photoOnly || searchesPhotos(c.type));
  return (
    <dl className="campaign-settings" aria-label="Campaign settings">
      {rows.map(([label, value]) => (
        <Fragment key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </Fragment>
      ))}
    </dl>
  );
}
