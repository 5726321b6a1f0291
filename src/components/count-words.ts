import '../lib/messages/shell.ts';
import type { MessageKey } from '../common/i18n/catalogs/en.ts';
import { t } from '../lib/i18n.ts';
import { countText } from './list-query.ts';

/** The lists' nouns with a count message of their own (shell area `list.count.<noun>`: plural forms by the reader's CLDR rules). */
const COUNT_KEYS: Record<string, MessageKey> = {
  user: 'list.count.user',
  organizer: 'list.count.organizer',
  permission: 'list.count.permission',
  role: 'list.count.role',
  menu: 'list.count.menu',
  page: 'list.count.page',
  event: 'list.count.event',
  participant: 'list.count.participant',
  booking: 'list.count.booking',
  photo: 'list.count.photo',
  video: 'list.count.video',
  entry: 'list.count.entry',
};

/**
 * "1,234 users" / "1 user" / "1,234+ users" (`capped`: at least that many) in the reader's
 * language, with the noun's plural forms (Arabic's six): a list's count, the bulk bar's, the
 * confirmations'. English word for word as list-query.ts countText writes it; a noun without a
 * message of its own keeps countText's English (`plural` then gives its plural).
 */
export function countWords(n: number, noun: string, plural?: string, capped = false): string {
  const key = COUNT_KEYS[noun];
  return key ? t(key, { count: n, capped: capped ? 'yes' : 'no' }) : countText(n, noun, plural, capped);
}
