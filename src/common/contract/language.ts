import { z } from 'zod';
import { LOCALES } from '../i18n/locales.ts';
import { choice } from './base.ts';

/**
 * The user's language in the wire contract (docs/languages.md "Choosing the language"): read and
 * saved in My account; it follows the user to every browser. `language` is one of the shipped
 * locales (common/i18n/locales.ts LOCALES), or null / '' for "not chosen" (the browser decides).
 */
export const AccountLanguage = z.object({ language: z.enum(LOCALES).nullable() });
export type AccountLanguage = z.infer<typeof AccountLanguage>;
/** PUT account/language: a shipped locale, or '' to let the browser decide again. */
export const AccountLanguageInput = z.object({ language: choice('', ...LOCALES) });

/** The routes of the user's language, named in the contract beside My account's. */
export const LANGUAGE_CONTRACT = {
  'GET /api/account/language': { summary: 'My language (null: not chosen, the browser decides)', data: AccountLanguage },
  'PUT /api/account/language': { summary: "Choose my language ('' for the browser's)", body: AccountLanguageInput, data: AccountLanguage },
};
