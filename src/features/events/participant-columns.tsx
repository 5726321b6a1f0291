import '../../lib/messages/organiser.ts';
import '../../lib/messages/participants.ts';
import type { ReactNode } from 'react';
import type { Column } from '../../components/list-table.tsx';
import type { Participant } from '../../common/contract/participants.ts';
import { currentTimeZone, t } from '../../lib/i18n.ts';
import { dayIn } from '../../common/time-zone.ts';

/** The day (YYYY-MM-DD) of `ms` in the reader's time zone (My account's, else the browser's; UTC when Intl names none). */
const day = (ms: number) => dayIn(currentTimeZone() || 'UTC', ms);

/** A cell's value with its column's name before it, shown only on a phone's card (styles/participants.css), where there is no header. */
const labelled = (label: string, value: ReactNode) => (
  <>
    <span className="phone-label">{t('organiser.participants.phoneLabel', { label })}</span>
    {value}
  </>
);

/** "Yes, 2026-05-02" or "No" for a stage time. */
const reached = (ms: number | null) => (ms == null ? t('organiser.participants.no') : t('organiser.participants.yesOn', { day: day(ms) }));

/** The consent as the list says it: in force (when, through whom), withdrawn (when), or none. */
export function consentCell(p: Participant): string {
  if (p.consent_at != null)
    return t('organiser.participants.consentYes', { day: day(p.consent_at), source: p.consent_source === 'gallery' ? 'gallery' : 'sheet' });
  if (p.consent_withdrawn_at != null) return t('organiser.participants.withdrawn', { day: day(p.consent_withdrawn_at) });
  return t('organiser.participants.no');
}

/**
 * The participants list's columns (docs/participants.md "The Participants tab"): BIB, name,
 * e-mail, consent, face data (erased and when), photos, notified, viewed and bought with their
 * days. On a phone each value carries its column's name. In the active locale: called when rendering.
 */
export const participantColumns = (): Column<Participant>[] => [
  { header: t('organiser.participants.colBib'), sort: 'bib_number', cell: (p) => labelled(t('organiser.participants.colBib'), p.bib_number) },
  { header: t('organiser.participants.colName'), sort: 'name', cell: (p) => p.name },
  {
    header: t('organiser.participants.colEmail'),
    cell: (p) => (p.email ? p.email : labelled(t('organiser.participants.colEmail'), t('organiser.participants.noEmail'))),
  },
  { header: t('organiser.participants.colConsent'), cell: (p) => labelled(t('organiser.participants.consent'), consentCell(p)) },
  {
    header: t('organiser.participants.colFaceData'),
    cell: (p) =>
      labelled(
        t('organiser.participants.colFaceData'),
        p.erased_at != null ? t('organiser.participants.erased', { day: day(p.erased_at) }) : t('organiser.participants.kept'),
      ),
  },
  {
    header: t('organiser.participants.colPhotos'),
    cell: (p) => labelled(t('organiser.participants.colPhotos'), p.matched ? t('organiser.participants.photoMatched') : t('organiser.participants.photoNone')),
  },
  { header: t('organiser.participants.notified'), cell: (p) => labelled(t('organiser.participants.notified'), reached(p.notified_at)) },
  { header: t('organiser.participants.viewed'), cell: (p) => labelled(t('organiser.participants.viewed'), reached(p.viewed_at)) },
  { header: t('organiser.participants.bought'), cell: (p) => labelled(t('organiser.participants.bought'), reached(p.bought_at)) },
];
