import { z } from 'zod';
import { LOCALES } from '../i18n/locales.ts';
import { choice, textWith } from './base.ts';
import { TIME_ZONE_MAX, timeZoneProblem } from '../time-zone.ts';
import { atMost } from './checks.ts';

/**
 * The user's language in the wire contract (docs/languages.md "Choosing the language"): read and
 * saved in My account; it follows the user to every browser. `language` is one of the shipped
 * locales (common/i18n/locales.ts LOCALES), or null / '' for "not chosen" (the browser decides).
 */
export const AccountLanguage = z.object({ language: z.enum(LOCALES).nullable() });
export type AccountLanguage = z.infer<typeof AccountLanguage>;
/** PUT account/language: a shipped locale, or '' to let the browser decide again. */
export const AccountLanguageInput = z.object({ language: choice('', ...LOCALES) });

/**
 * The user's time zone (docs/languages.md "Formats"): the console shows times in it; an IANA name
 * as Intl writes it ('Europe/Paris'), or '' for "not chosen" (the browser's).
 */
export const AccountTimeZone = z.object({ time_zone: z.string() });
export type AccountTimeZone = z.infer<typeof AccountTimeZone>;
/** PUT account/time-zone: a time zone name (src/common/time-zone.ts), or '' for the browser's. */
export const AccountTimeZoneInput = z.object({ time_zone: textWith(atMost(TIME_ZONE_MAX), timeZoneProblem).optional() });

/** The routes of the user's language and time zone, named in the contract beside My account's. */
export const LANGUAGE_CONTRACT = {
  'GET /api/account/language': { summary: 'My language (null: not chosen, the browser decides)', data: AccountLanguage },
  'PUT /api/account/language': { summary: "Choose my language ('' for the browser's)", body: AccountLanguageInput, data: AccountLanguage },
  'GET /api/account/time-zone': { summary: "My time zone ('': not chosen, the browser's)", data: AccountTimeZone },
  'PUT /api/account/time-zone': { summary: "Choose my time zone, an IANA name ('' for the browser's)", body: AccountTimeZoneInput, data: AccountTimeZone },
};
