import { isLocale, type Locale } from '../../common/i18n/locales.ts';
import type { Gallery } from '../../common/contract/participants.ts';

/**
 * Which language the gallery page shows (docs/languages.md "E-mails"): the reader's pick from the
 * page's switch, kept in the address (`?lang=fr`, so a reload keeps it and this browser's
 * remembered console language stays untouched), else the gallery's own language (the
 * participant's, else the event's, else English, as the API answers it).
 */

/** The `lang` the address names, when it is a shipped locale. */
export function pickedLocale(search: string = globalThis.location?.search ?? ''): Locale | null {
  const v = new URLSearchParams(search).get('lang');
  return isLocale(v) ? v : null;
}

/** The locale to show gallery `g` in: the address's pick, else its own language. */
export const galleryLocale = (g: Pick<Gallery, 'language'>, search?: string): Locale => pickedLocale(search) ?? g.language;

/** Puts `locale` in the address as the reader's pick (replacing the entry: Back still leaves the page). */
export function pickLocale(locale: Locale): void {
  const url = new URL(globalThis.location.href);
  url.searchParams.set('lang', locale);
  globalThis.history.replaceState(globalThis.history.state, '', url);
}

/**
 * A loaded gallery handed over to the page the language change renders anew (the locale provider
 * mounts the tree again), so the change costs no second load; taken once.
 */
let handoff: { token: string; gallery: Gallery } | null = null;
/** Keeps `gallery` of `token` for the next takeHandoff. */
export const handOver = (token: string, gallery: Gallery): void => {
  handoff = { token, gallery };
};
/** The gallery handed over for `token`, once, or null. */
export function takeHandoff(token: string): Gallery | null {
  const h = handoff;
  handoff = null;
  return h && h.token === token ? h.gallery : null;
}
