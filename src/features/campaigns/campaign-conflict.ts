import '../../lib/messages/campaigns.ts';
import type { ConflictField } from '../../components/edit-conflict.tsx';
import { t } from '../../lib/i18n.ts';
import { datesOf, type CampaignForm } from './campaign-form-state.ts';

/**
 * The Edit Campaign form beside someone else's newer campaign (PUT campaign/{id} answered 412,
 * docs/live.md "Versions and If-Match"). EditConflict compares the stored campaign's columns: the
 * form's texts carry the same names; its dates are read as start_date / end_date and a choice is
 * written back into the form's single-day switch and date fields (campaignPatch).
 */

/** The texts a reader types (Keep mine, Take theirs, Combine both) and the dates (no Combine both). */
export const campaignConflictFields = (): ConflictField[] => [
  { name: 'title', label: t('campaigns.form.title') },
  { name: 'location', label: t('campaigns.form.location') },
  { name: 'organizer', label: t('campaigns.form.organizer') },
  { name: 'sponsors', label: t('campaigns.form.sponsors') },
  { name: 'start_date', label: t('campaigns.form.startDate'), combine: false },
  { name: 'end_date', label: t('campaigns.form.endDate'), combine: false },
  { name: 'description', label: t('campaigns.form.description') },
  { name: 'subdomain', label: t('campaigns.form.subdomain'), combine: false },
  { name: 'share_post_quote', label: t('campaigns.form.sharePostQuote') },
  { name: 'bib_start_range', label: t('campaigns.form.bibStart'), combine: false },
  { name: 'bib_end_range', label: t('campaigns.form.bibEnd'), combine: false },
  { name: 'bib_number_prefix', label: t('campaigns.form.bibPrefix') },
  { name: 'bib_number_suffix', label: t('campaigns.form.bibSuffix') },
];

/** The form as the stored campaign's columns (its dates as start_date and end_date). */
export function campaignAsRecord(f: CampaignForm): Record<string, unknown> {
  const { start, end } = datesOf(f);
  return { ...f, start_date: start, end_date: end };
}

/** The form's change for `patch` (columns -> values, from EditConflict) over form `f`. */
export function campaignPatch(f: CampaignForm, patch: Record<string, string>): Partial<CampaignForm> {
  const { start_date, end_date, ...texts } = patch;
  const out: Partial<CampaignForm> = { ...texts };
  if (start_date !== undefined || end_date !== undefined) {
    const { start, end } = datesOf(f);
    const s = start_date ?? start,
      e = end_date ?? end;
    Object.assign(
      out,
      s === e ? { single_day: true, camp_date: s, startDate: '', endDate: '' } : { single_day: false, camp_date: '', startDate: s, endDate: e },
    );
  }
  return out;
}
