/**
 * The language this browser remembers for the console, as the server reads it (docs/languages.md
 * "The page before the app"): the console keeps the choice in localStorage (src/lib/i18n.ts) and
 * mirrors it in the `locale` cookie, so the page the server answers (server/routes/console.ts)
 * already names the language on <html lang dir> and, for another language than English, leaves
 * out the English prerendered frame. No choice is no cookie (the browser's languages decide,
 * Accept-Language on the server). Pure: no DOM, no Node.
 */
import { cookieAssignment, readCookie } from './cookie.ts';
import { isLocale, type Locale } from './i18n/locales.ts';

export const LOCALE_COOKIE = 'locale';

/** The shipped locale a Cookie header (or `document.cookie`) names, or null for none or anything else. */
export function localeFromCookie(cookie: string | null | undefined): Locale | null {
  const v = readCookie(cookie, LOCALE_COOKIE);
  return isLocale(v) ? v : null;
}

/** The `document.cookie` assignment that remembers `locale` for a year (site-wide, SameSite=Lax, Secure over https), or removes the cookie (null). */
export const localeCookie = (locale: Locale | null, secure: boolean): string => cookieAssignment(LOCALE_COOKIE, locale, { secure, maxAge: 31536000 });
