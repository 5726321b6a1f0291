import { groupDigits } from '../common/numbers.ts';
import type { DeleteImpact } from '../common/contract/admin.ts';

/**
 * What else a delete removes, as the API's `GET deleteImpact` answers it: counts by kind, only
 * the kinds that can go with the deleted item are present.
 */
export type { DeleteImpact };

// Largest first in what an organiser thinks of as "inside" the item; singular, plural.
const KINDS: [keyof DeleteImpact, string, string][] = [
  ['events', 'event', 'events'],
  ['campaigns', 'campaign', 'campaigns'],
  ['photos', 'photo', 'photos'],
  ['templates', 'template', 'templates'],
  ['videos', 'video', 'videos'],
  ['conference_users', 'conference user', 'conference users'],
  ['bookings', 'booking', 'bookings'],
  ['users', 'sign-in user', 'sign-in users'],
];

/**
 * The sentence shown after the spec's delete question, e.g. "This also deletes 3 campaigns and
 * 1,200 photos." Zero counts are left out; '' when nothing else goes (or counts are unknown).
 */
export function impactSentence(impact: DeleteImpact | null | undefined): string {
  if (!impact) return '';
  const parts = KINDS.filter(([k]) => (impact[k] ?? 0) > 0).map(([k, one, many]) => `${groupDigits(impact[k]!)} ${impact[k] === 1 ? one : many}`);
  if (!parts.length) return '';
  const list = parts.length === 1 ? parts[0] : `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]}`;
  return `This also deletes ${list}.`;
}
