import '../../lib/messages/campaigns.ts';
import { Fragment } from 'react';
import { searchesPhotos } from './campaign-kinds.ts';
import { optionName } from './form-fields.tsx';
import { t } from '../../lib/i18n.ts';
import * as api from './api.ts';
import { useLoad } from '../../components/use-load.ts';
import { sponsorsText } from '../../common/campaign-settings.ts';

const yesNo = (v: number) => (v ? t('campaigns.option.yes') : t('campaigns.option.no'));
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
        t('campaigns.settings.bibRange', { start: orDash(c.bib_start_range), end: orDash(c.bib_end_range) }),
        c.bib_length && t('campaigns.settings.bibLength', { length: c.bib_length }),
        c.bib_number_prefix && t('campaigns.settings.bibPrefix', { prefix: c.bib_number_prefix }),
        c.bib_number_suffix && t('campaigns.settings.bibSuffix', { suffix: c.bib_number_suffix }),
      ]
        .filter(Boolean)
        .join(', ')
    : t('campaigns.settings.noBib');
  // Rows marked `true` are photo-search settings, which a Video campaign does not have.
  const all: [string, React.ReactNode, boolean?][] = [
    [t('campaigns.settings.subdomain'), c.subdomain],
    [t('campaigns.settings.application'), optionName('application', c.application), true],
    [t('campaigns.settings.type'), orDash(c.event_type), true],
    [t('campaigns.settings.location'), orDash(c.location)],
    [t('campaigns.settings.organizer'), orDash(c.organizer)],
    [t('campaigns.settings.sponsors'), orDash(sponsorsText(c.sponsors))],
    [
      t('campaigns.settings.tolerances'),
      t('campaigns.settings.toleranceValues', { primary: c.primary_tolerance, secondary: c.secondary_tolerance, tertiary: c.recognition_tolerance }),
      true,
    ],
    [t('campaigns.settings.saleType'), optionName('sale_event', c.is_sales_event)],
    [t('campaigns.settings.paymentSlab'), orDash(slab)],
    [t('campaigns.settings.dynamicBranding'), optionName('is_dynamic_branding', c.is_dynamic_branding)],
    [t('campaigns.settings.dateFiltering'), yesNo(c.date_filtering), true],
    [t('campaigns.settings.bibSettings'), bib, true],
    [t('campaigns.settings.sharePostQuote'), orDash(c.share_post_quote)],
    [
      t('campaigns.settings.logo'),
      // biome-ignore lint/correctness/useJsxKeyInIterable: a [label, value] row, not a list of elements; the list below keys each row by its label
      c.logo.trim() ? <img className="logo-preview" src={c.logo} alt={t('campaigns.settings.logoOf', { title: c.title })} /> : t('campaigns.settings.noLogo'),
    ],
  ];
  const rows = all.filter(([, , photoOnly]) => !photoOnly || searchesPhotos(c.type));
  return (
    <dl className="campaign-settings" aria-label={t('campaigns.settings.label')}>
      {rows.map(([label, value]) => (
        <Fragment key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </Fragment>
      ))}
    </dl>
  );
}
