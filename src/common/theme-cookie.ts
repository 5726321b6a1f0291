/**
 * The remembered colour theme as the server reads it: the console
 * keeps the choice in localStorage (src/providers/theme.ts) and mirrors an explicit Light or Dark
 * in the `theme` cookie, so the page the server answers (server/routes/console.ts) already
 * carries `data-theme` on <html> and its prerendered frame paints in the chosen colours before
 * any script runs. System (following the device) is no cookie at all. Pure: no DOM, no Node.
 */
import { cookieAssignment, readCookie } from './cookie.ts';

export const THEME_COOKIE = 'theme';

/** An explicit theme: what `data-theme` on <html> may say. */
export type ExplicitTheme = 'light' | 'dark';

/** The explicit theme a Cookie header (or `document.cookie`) names: 'light', 'dark', or null for none, System or anything else. */
export function themeFromCookie(cookie: string | null | undefined): ExplicitTheme | null {
  const v = readCookie(cookie, THEME_COOKIE);
  return v === 'light' || v === 'dark' ? v : null;
}

/**
 * The `document.cookie` assignment that remembers `theme` for a year (site-wide, SameSite=Lax,
 * Secure over https), or that removes the cookie for System.
 */
export function themeCookie(theme: ExplicitTheme | 'system', secure: boolean): string {
  return cookieAssignment(THEME_COOKIE, theme === 'system' ? null : theme, { secure, maxAge: 31536000 });
}
