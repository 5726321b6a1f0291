import './messages/shell.ts';
import type { DeleteImpact } from '../common/contract/admin.ts';
import type { MessageKey } from '../common/i18n/catalogs/en.ts';
import { currentLocale, t } from './i18n.ts';

/**
 * What else a delete removes, as the API's `GET deleteImpact` answers it: counts by kind, only
 * the kinds that can go with the deleted item are present.
 */
export type { DeleteImpact };

// Largest first in what an organiser thinks of as "inside" the item; each kind's count as a plural message.
const KINDS: [keyof DeleteImpact, MessageKey][] = [
  ['events', 'impact.events'],
  ['campaigns', 'impact.campaigns'],
  ['photos', 'impact.photos'],
  ['templates', 'impact.templates'],
  ['videos', 'impact.videos'],
  ['conference_users', 'impact.conference_users'],
  ['bookings', 'impact.bookings'],
  ['users', 'impact.users'],
];

/**
 * The sentence shown after the spec's delete question, in the reader's language, e.g. "This also
 * deletes 3 campaigns and 1,200 photos." (each count a plural message, the kinds joined by the
 * locale's Intl.ListFormat; English without a comma before "and"). Zero counts are left out; ''
 * when nothing else goes (or counts are unknown).
 */
export function impactSentence(impact: DeleteImpact | null | undefined): string {
  if (!impact) return '';
  const parts = KINDS.filter(([k]) => (impact[k] ?? 0) > 0).map(([k, key]) => t(key, { count: impact[k]! }));
  if (!parts.length) return '';
  const locale = currentLocale();
  const list = new Intl.ListFormat(locale === 'en' ? 'en-GB' : locale, { type: 'conjunction' }).format(parts);
  return t('impact.sentence', { list });
}
