import type { ReactNode } from 'react';
import type { Column } from '../../components/list-table.tsx';
import type { Participant } from '../../common/contract/participants.ts';

/** The local day (YYYY-MM-DD) of `ms`. */
const day = (ms: number) => new Date(ms).toLocaleDateString('en-CA');

/** A cell's value with its column's name before it, shown only on a phone's card (styles/participants.css), where there is no header. */
const labelled = (label: string, value: ReactNode) => (
  <>
    <span className="phone-label">{label}: </span>
    {value}
  </>
);

/** "Yes, 2026-05-02" or "No" for a stage time. */
const reached = (ms: number | null) => (ms == null ? 'No' : `Yes, ${day(ms)}`);

/** The consent as the list says it: in force (when, through whom), withdrawn (when), or none. */
export function consentCell(p: Participant): string {
  if (p.consent_at != null) return `Yes, ${day(p.consent_at)} (${p.consent_source === 'gallery' ? 'own "I agree"' : 'your sheet'})`;
  if (p.consent_withdrawn_at != null) return `Withdrawn ${day(p.consent_withdrawn_at)}`;
  return 'No';
}

/**
 * The participants list's columns (docs/participants.md "The Participants tab"): BIB, name,
 * e-mail, consent, face data (erased and when), photos, notified, viewed and bought with their
 * days. On a phone each value carries its column's name.
 */
export const PARTICIPANT_COLUMNS: Column<Participant>[] = [
  { header: 'BIB', sort: 'bib_number', cell: (p) => labelled('BIB', p.bib_number) },
  { header: 'Name', sort: 'name', cell: (p) => p.name },
  { header: 'E-mail', cell: (p) => (p.email ? p.email : labelled('E-mail', 'none')) },
  { header: 'Face consent', cell: (p) => labelled('Consent', consentCell(p)) },
  { header: 'Face data', cell: (p) => labelled('Face data', p.erased_at != null ? `Erased ${day(p.erased_at)}` : 'Kept') },
  { header: 'Photos', cell: (p) => labelled('Photos', p.matched ? 'Matched' : 'None') },
  { header: 'Notified', cell: (p) => labelled('Notified', reached(p.notified_at)) },
  { header: 'Viewed', cell: (p) => labelled('Viewed', reached(p.viewed_at)) },
  { header: 'Bought', cell: (p) => labelled('Bought', reached(p.bought_at)) },
];
