import { localiseApiMessage } from '../common/i18n/api-messages.ts';
import { coreEn, type Catalog } from '../common/i18n/catalogs/en.ts';
import type { Locale } from '../common/i18n/locales.ts';
import { currentLocale, loadCatalog } from './i18n.ts';

/**
 * The English sentences of the rules both sides apply (src/common/: a spreadsheet's row problems
 * from sheet-rules.ts, participant-sheet.ts and contract/rules.ts, the sheet's own refusals) in
 * the reader's language (docs/languages.md "Sheet previews"). Those rules word their problems in
 * English, the API's words, which have stable codes (common/i18n/api-messages.ts); the console
 * says them again by code with the reader's catalog, as the API does for its refusals
 * (localiseApiMessage: "Row 7: The name field is required." -> "Ligne 7 : Le champ name est
 * obligatoire."). A text without a code stays as it is, and so does every text for an English reader.
 *
 * The English patterns of the API's messages (the `api` area, which no console script carries) are
 * a chunk of their own, loaded with `loadSharedTexts` only for a reader of another language.
 */

/** The English messages of the API's codes (core and `api` area), once loaded. */
let english: Catalog | null = null;
/** The catalogs of the locales loaded for this, by locale. */
const catalogs = new Map<Locale, Catalog>();

/**
 * Loads what `sayShared` needs to say texts in `locale` (the shown one by default): nothing for
 * English. Resolves true when something was loaded now (the caller renders again), false when it
 * was there already; rejects when a chunk cannot be fetched (offline: texts stay English).
 */
export async function loadSharedTexts(locale: Locale = currentLocale()): Promise<boolean> {
  if (locale === 'en' || catalogs.has(locale)) return false;
  const [{ apiEn }, catalog] = await Promise.all([import('../common/i18n/catalogs/api/en.ts'), loadCatalog(locale)]);
  english ??= { ...coreEn, ...apiEn } as Catalog;
  catalogs.set(locale, catalog as Catalog);
  return true;
}

/** True when `sayShared` speaks the shown locale now (always for English). */
export const sharedTextsReady = (): boolean => currentLocale() === 'en' || catalogs.has(currentLocale());

/**
 * English `text` from a shared rule in the shown locale, when it has a code and loadSharedTexts has
 * loaded that locale; otherwise `text` unchanged.
 */
export function sayShared(text: string): string {
  const locale = currentLocale();
  const catalog = catalogs.get(locale);
  if (locale === 'en' || !catalog || !english) return text;
  return localiseApiMessage(english, locale, catalog, text).text;
}
