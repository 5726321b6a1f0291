import { coreEn, type Catalog, type MessageKey } from '../common/i18n/catalogs/en.ts';
import { formatMessage, type MessageValues } from '../common/i18n/message-format.ts';
import { DEFAULT_LOCALE, directionOf, isLocale, negotiateLocale, type Locale } from '../common/i18n/locales.ts';
import { localTimeZone, timeZoneName } from '../common/time-zone.ts';
import { localeCookie, localeFromCookie } from '../common/locale-cookie.ts';

/**
 * The console's language at run time (docs/languages.md): the active locale and its catalog,
 * `t()` for a message, and the one formatting module for dates, times and numbers (the
 * platform's `Intl`, in the reader's locale and time zone). The shell's English is in the
 * sign-in script and each area's English comes with the area's modules (src/lib/messages/, which
 * call `addEnglish`); another locale's catalog is a chunk of its own, loaded when that locale is
 * chosen. A key missing from the active catalog shows the English message, never the key.
 *
 * Which locale: the user's saved choice (sign-in answer, My account), else the one this browser
 * remembers (localStorage `locale`, also set by the sign-in screen's switch), else the browser's
 * preferred languages, else English. `<html lang dir>` always names the locale shown.
 *
 * Which time zone times are shown in: the user's saved one (sign-in answer, My account; this
 * browser remembers it in localStorage `time_zone`), else the browser's.
 */

/** localStorage key of the locale this browser shows. */
export const LOCALE_KEY = 'locale';

let active: Locale = DEFAULT_LOCALE;
/** The English messages loaded so far: the shell's, and each area's once one of its modules has run. */
const english: Partial<Catalog> = { ...coreEn };
let catalog: Partial<Catalog> = english;

/**
 * Adds an area's English messages (src/lib/messages/<area>.ts calls it when the first module of
 * the area loads, before any of them renders). They are English's, and the fallback of every
 * other locale.
 */
export function addEnglish(messages: Partial<Catalog>): void {
  Object.assign(english, messages);
}

/** The locale shown now. */
export const currentLocale = (): Locale => active;

/** The message `key` in the active locale, formatted with `values` (English when the catalog lacks it). */
export function t(key: MessageKey, values?: MessageValues): string {
  const own = catalog[key];
  return own === undefined ? formatMessage('en', english[key] ?? key, values) : formatMessage(active, own, values);
}

/**
 * The message `key` as parts, for a message with an element inside (a name in bold): the values
 * in `elements` (anything, e.g. React elements) come back as parts of their own, in the
 * message's order, between the formatted text; the caller renders them in a row.
 */
export function tParts<E>(key: MessageKey, elements: Record<string, E>, values: MessageValues = {}): (string | E)[] {
  const names = Object.keys(elements);
  const marked: MessageValues = { ...values };
  names.forEach((n, i) => {
    marked[n] = `\u0000${i}\u0000`;
  });
  return t(key, marked)
    .split(/\u0000(\d+)\u0000/)
    .map((part, i) => (i % 2 ? elements[names[Number(part)]] : part))
    .filter((part) => part !== '');
}

/** The catalog of `locale`, loaded on demand (English: the messages loaded so far, see addEnglish). */
export async function loadCatalog(locale: Locale): Promise<Partial<Catalog>> {
  switch (locale) {
    case 'fr':
      return (await import('../common/i18n/catalogs/fr.ts')).fr;
    case 'es':
      return (await import('../common/i18n/catalogs/es.ts')).es;
    case 'ar':
      return (await import('../common/i18n/catalogs/ar.ts')).ar;
    default:
      return english;
  }
}

/** The locale this browser remembers, if any. */
export function rememberedLocale(): Locale | null {
  try {
    const v = globalThis.localStorage?.getItem(LOCALE_KEY);
    return isLocale(v) ? v : null;
  } catch {
    return null;
  }
}

/** Makes this browser remember `locale` (what the next page load shows), or forget its choice (null); blocked storage only loses the memory. */
export function rememberLocale(locale: Locale | null): void {
  try {
    if (locale) globalThis.localStorage?.setItem(LOCALE_KEY, locale);
    else globalThis.localStorage?.removeItem(LOCALE_KEY);
  } catch {
    /* blocked storage: the choice lasts this page only */
  }
  syncLocaleCookie();
}

/**
 * Mirrors the remembered locale in the `locale` cookie (common/locale-cookie.ts), so the next page
 * the server answers names it on <html lang dir> before any script runs; no memory, no cookie.
 */
export function syncLocaleCookie(): void {
  if (typeof document === 'undefined') return;
  const remembered = rememberedLocale();
  if (localeFromCookie(document.cookie) !== remembered) document.cookie = localeCookie(remembered, location.protocol === 'https:');
}

/** Names `locale` on <html lang dir> (the language shown, its direction). */
export function markDocument(locale: Locale): void {
  if (typeof document === 'undefined') return;
  document.documentElement.lang = locale;
  document.documentElement.dir = directionOf(locale);
}

/** The locale the browser's preferred languages choose (English when none is shipped). */
export const browserLocale = (): Locale => negotiateLocale(globalThis.navigator?.languages ?? [globalThis.navigator?.language ?? DEFAULT_LOCALE]);

/** The locale to show before anything else is known: remembered, else the browser's. */
export const initialLocale = (): Locale => rememberedLocale() ?? browserLocale();

/**
 * Makes `locale` the active one: loads its catalog, remembers it in this browser (`remember`;
 * null forgets the choice, so the browser's languages decide again) and sets `<html lang dir>`.
 * A catalog that fails to load (offline) leaves the current one in place and rejects.
 */
export async function activateLocale(locale: Locale, remember: boolean | null = true): Promise<void> {
  const next = await loadCatalog(locale);
  active = locale;
  catalog = next;
  if (remember !== false) rememberLocale(remember ? locale : null);
  markDocument(locale);
}

/** localStorage key of the time zone this browser shows times in (the signed-in user's choice). */
export const TIME_ZONE_KEY = 'time_zone';

/** The remembered time zone, when it is one Intl knows. */
function rememberedTimeZone(): string | undefined {
  try {
    return timeZoneName(globalThis.localStorage?.getItem(TIME_ZONE_KEY)) ?? undefined;
  } catch {
    return undefined;
  }
}
let zone: string | undefined = rememberedTimeZone();

/** The time zone times are shown in now: the user's choice, else the browser's (an IANA name; '' when Intl names none). */
export const currentTimeZone = (): string => zone ?? localTimeZone();
/** The user's chosen time zone ('' while none is: the browser's decides). */
export const chosenTimeZone = (): string => zone ?? '';

/**
 * Shows times in `timeZone` from now on and makes this browser remember it; null, '' or a name
 * Intl does not know forgets the choice (the browser's time zone decides). Blocked storage only
 * loses the memory.
 */
export function rememberTimeZone(timeZone: string | null): void {
  zone = timeZoneName(timeZone) ?? undefined;
  try {
    if (zone) globalThis.localStorage?.setItem(TIME_ZONE_KEY, zone);
    else globalThis.localStorage?.removeItem(TIME_ZONE_KEY);
  } catch {
    /* blocked storage: the choice lasts this page only */
  }
}

const formats = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat | Intl.RelativeTimeFormat>();
function cached<T extends Intl.DateTimeFormat | Intl.NumberFormat | Intl.RelativeTimeFormat>(key: string, make: () => T): T {
  let f = formats.get(`${active}|${key}`);
  if (!f) formats.set(`${active}|${key}`, (f = make()));
  return f as T;
}

/** A number in the active locale (`1 234,5` in French). */
export const formatNumber = (n: number, options?: Intl.NumberFormatOptions): string =>
  cached(`n${JSON.stringify(options ?? {})}`, () => new Intl.NumberFormat(active, options)).format(n);

/** An amount of money in `currency` (ISO 4217) in the active locale. */
export const formatMoney = (amount: number, currency: string): string => formatNumber(amount, { style: 'currency', currency });

/**
 * A calendar day (`YYYY-MM-DD`, as the API sends days) in the active locale, e.g. `7 déc. 2026`;
 * the text as it is when it is not such a day.
 */
export function formatDay(day: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!m) return day;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return cached('day', () => new Intl.DateTimeFormat(active, { dateStyle: 'medium', timeZone: 'UTC' })).format(d);
}

/**
 * A moment (ms since the epoch) as date and time in the active locale and the reader's time zone:
 * `timeZone` when given, else the user's (rememberTimeZone), else the browser's.
 */
export function formatDateTime(ms: number, timeZone: string | undefined = zone): string {
  return cached(`dt${timeZone ?? ''}`, () => new Intl.DateTimeFormat(active, { dateStyle: 'medium', timeStyle: 'short', timeZone })).format(ms);
}

/** The calendar day (as formatDay writes it) of a moment (ms since the epoch) in the reader's time zone, as formatDateTime chooses it. */
export function formatDate(ms: number, timeZone: string | undefined = zone): string {
  return cached(`d${timeZone ?? ''}`, () => new Intl.DateTimeFormat(active, { dateStyle: 'medium', timeZone })).format(ms);
}

/** How long ago or ahead `ms` is from `now` in words of the active locale ("il y a 3 minutes"). */
export function formatRelative(ms: number, now = Date.now()): string {
  const s = Math.round((ms - now) / 1000);
  const abs = Math.abs(s);
  const rtf = cached('rel', () => new Intl.RelativeTimeFormat(active, { numeric: 'auto' }));
  if (abs < 60) return rtf.format(s, 'second');
  if (abs < 3600) return rtf.format(Math.round(s / 60), 'minute');
  if (abs < 86400) return rtf.format(Math.round(s / 3600), 'hour');
  return rtf.format(Math.round(s / 86400), 'day');
}
