import '../../lib/messages/campaigns.ts';
import type { ReactNode } from 'react';
import { FormField, errorProps, optionPairs, options } from './form-fields.tsx';
import { t, tParts } from '../../lib/i18n.ts';
import {
  APPLICATIONS,
  DYNAMIC_BRANDING,
  EVENT_TYPES,
  SALE_EVENTS,
  TOLERANCES,
  isSales,
  visibleError,
  type CampaignForm,
  type FieldName,
  type FormState,
} from './campaign-form-state.ts';
import { CAMPAIGN_TYPES, subdomainPreview } from './campaign-kinds.ts';
import type { EventDates, PaymentSlabs } from './api.ts';

/** What every section of the campaign form gets: the form state and its dispatch. */
export interface SectionProps {
  state: FormState;
  errors: Partial<Record<FieldName, string>>;
  set(patch: Partial<CampaignForm>): void;
  touch(field: FieldName): void;
}

const id = (name: string) => `campaign-${name}`;

/** Fields the form may not be sent without (§5); marked visibly and with aria-required. */
const REQUIRED = new Set<FieldName>([
  'title',
  'location',
  'organizer',
  'camp_date',
  'startDate',
  'endDate',
  'description',
  'subdomain',
  'primary_tolerance',
  'secondary_tolerance',
  'recognition_tolerance',
]);

/** Text input bound to a form field, with its inline error once touched. */
function Text({
  p,
  name,
  label,
  type = 'text',
  readOnly,
  textarea,
  hint,
  min,
  max,
}: {
  p: SectionProps;
  name: FieldName;
  label: string;
  type?: string;
  readOnly?: boolean;
  textarea?: boolean;
  hint?: ReactNode;
  min?: string;
  max?: string;
}) {
  const error = visibleError(p.state, p.errors, name);
  const common = {
    ...errorProps(id(name), error),
    name,
    value: String(p.state.form[name]),
    readOnly,
    min,
    max,
    onChange: (e: { target: { value: string } }) => p.set({ [name]: e.target.value }),
    onBlur: () => p.touch(name),
  };
  return (
    <FormField id={id(name)} label={label} error={error} hint={hint} required={REQUIRED.has(name)}>
      {textarea ? <textarea {...common} /> : <input type={type} {...common} />}
    </FormField>
  );
}

function Select({ p, name, label, pairs }: { p: SectionProps; name: FieldName; label: string; pairs: readonly (readonly [string, string])[] }) {
  const error = visibleError(p.state, p.errors, name);
  return (
    <FormField id={id(name)} label={label} error={error} required={REQUIRED.has(name)}>
      <select
        {...errorProps(id(name), error)}
        name={name}
        value={String(p.state.form[name])}
        onChange={(e) => p.set({ [name]: e.target.value })}
        onBlur={() => p.touch(name)}
      >
        {options(pairs)}
      </select>
    </FormField>
  );
}

function CheckField({ p, name, label }: { p: SectionProps; name: 'single_day' | 'is_bib_number_present' | 'date_filtering'; label: string }) {
  return (
    <label className="check">
      <input type="checkbox" name={name} checked={p.state.form[name]} onChange={(e) => p.set({ [name]: e.target.checked })} />
      {label}
    </label>
  );
}

/** The tolerance options, 0 named as the default (resolved when rendering, in the reader's language). */
const tolerancePairs = () => TOLERANCES.map((v) => [v, v === '0' ? t('campaigns.option.defaultTolerance') : v] as const);

/**
 * Basic info (§2): kind of campaign, title, location, organizer, dates, description, subdomain
 * with its preview. With `event` the date inputs offer only days within the event's dates.
 */
export function BasicInfo({ p, host, logo, event }: { p: SectionProps; host: string; logo: ReactNode; event?: EventDates | null }) {
  const f = p.state.form;
  const range = { min: event?.start_date, max: event?.end_date };
  return (
    <fieldset className="form-section">
      <legend>{t('campaigns.form.basicInfo')}</legend>
      <div className="form-row">
        <Select p={p} name="campaign_type" label={t('campaigns.form.campaignType')} pairs={optionPairs('campaign_type', CAMPAIGN_TYPES)} />
        <Text p={p} name="title" label={t('campaigns.form.title')} />
      </div>
      <div className="form-row">
        <Text p={p} name="location" label={t('campaigns.form.location')} />
        <Text p={p} name="organizer" label={t('campaigns.form.organizer')} />
      </div>
      <Text p={p} name="sponsors" label={t('campaigns.form.sponsors')} hint={<span className="muted small">{t('campaigns.form.sponsorsHint')}</span>} />
      <CheckField p={p} name="single_day" label={t('campaigns.form.singleDay')} />
      {f.single_day ? (
        <Text p={p} name="camp_date" label={t('campaigns.form.campaignDate')} type="date" {...range} />
      ) : (
        <div className="form-row">
          <Text p={p} name="startDate" label={t('campaigns.form.startDate')} type="date" {...range} />
          <Text p={p} name="endDate" label={t('campaigns.form.endDate')} type="date" {...range} />
        </div>
      )}
      <Text p={p} name="description" label={t('campaigns.form.description')} textarea />
      <Text
        p={p}
        name="subdomain"
        label={t('campaigns.form.subdomain')}
        hint={
          <span className="subdomain-preview" aria-live="polite">
            {tParts('campaigns.form.address', {
              address: (
                <strong key="a" data-testid="subdomain-preview">
                  {subdomainPreview(f.subdomain, host)}
                </strong>
              ),
            })}
          </span>
        }
      />
      {logo}
      <Text p={p} name="share_post_quote" label={t('campaigns.form.sharePostQuote')} />
    </fieldset>
  );
}

/** Photo search settings: event type, application, the three tolerances, date filtering. */
export function RecognitionSettings({ p }: { p: SectionProps }) {
  return (
    <fieldset className="form-section">
      <legend>{t('campaigns.form.photoSearch')}</legend>
      <div className="form-row">
        <Select p={p} name="type" label={t('campaigns.form.type')} pairs={EVENT_TYPES.map((v) => [v, v] as const)} />
        <Select p={p} name="application" label={t('campaigns.form.application')} pairs={optionPairs('application', APPLICATIONS)} />
      </div>
      <div className="form-row">
        <Select p={p} name="primary_tolerance" label={t('campaigns.form.primaryTolerance')} pairs={tolerancePairs()} />
        <Select p={p} name="secondary_tolerance" label={t('campaigns.form.secondaryTolerance')} pairs={tolerancePairs()} />
        <Select p={p} name="recognition_tolerance" label={t('campaigns.form.tertiaryTolerance')} pairs={tolerancePairs()} />
      </div>
      <CheckField p={p} name="date_filtering" label={t('campaigns.form.dateFiltering')} />
    </fieldset>
  );
}

/** Sales: sale type, dynamic branding, and the payment slabs only for sales types (§2). */
export function SalesSettings({ p, slabs }: { p: SectionProps; slabs: PaymentSlabs | null | 'error' }) {
  const pairs = slabs && slabs !== 'error' ? Object.entries(slabs).map(([k, s]) => [k, `${s.name}: ${s.description}`] as const) : [];
  return (
    <fieldset className="form-section">
      <legend>{t('campaigns.form.sales')}</legend>
      <div className="form-row">
        <Select p={p} name="sale_event" label={t('campaigns.form.saleEvent')} pairs={optionPairs('sale_event', SALE_EVENTS)} />
        <Select p={p} name="is_dynamic_branding" label={t('campaigns.form.dynamicBranding')} pairs={optionPairs('is_dynamic_branding', DYNAMIC_BRANDING)} />
      </div>
      {isSales(p.state.form) && (
        <div className="payment-slabs" data-testid="payment-slabs">
          {slabs === 'error' ? (
            <p className="field-error">{t('campaigns.form.slabsFailed')}</p>
          ) : !slabs ? (
            <p className="muted">
              <span className="spinner" aria-hidden="true" /> {t('campaigns.form.loadingSlabs')}
            </p>
          ) : (
            <Select p={p} name="payment_slab" label={t('campaigns.form.paymentSlab')} pairs={[['0', t('campaigns.option.none')], ...pairs]} />
          )}
        </div>
      )}
    </fieldset>
  );
}

/** BIB numbers: read only until BIB-present is ticked (§5). */
export function BibSettings({ p }: { p: SectionProps }) {
  const readOnly = !p.state.form.is_bib_number_present;
  return (
    <fieldset className="form-section">
      <legend>{t('campaigns.form.bibNumbers')}</legend>
      <CheckField p={p} name="is_bib_number_present" label={t('campaigns.form.bibPresent')} />
      <div className="form-row">
        <Text p={p} name="bib_start_range" label={t('campaigns.form.bibStart')} readOnly={readOnly} />
        <Text p={p} name="bib_end_range" label={t('campaigns.form.bibEnd')} readOnly={readOnly} />
        <Text p={p} name="bib_length" label={t('campaigns.form.bibLength')} readOnly={readOnly} />
      </div>
      <div className="form-row">
        <Text p={p} name="bib_number_prefix" label={t('campaigns.form.bibPrefix')} readOnly={readOnly} />
        <Text p={p} name="bib_number_suffix" label={t('campaigns.form.bibSuffix')} readOnly={readOnly} />
      </div>
    </fieldset>
  );
}
