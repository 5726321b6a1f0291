import { http } from '../../lib/http.ts';
import type { AccountLanguage } from '../../common/contract/language.ts';
import type { Locale } from '../../common/i18n/locales.ts';

/** GET account/language: the language the user chose, null when none (docs/languages.md). */
export const getLanguage = async () => (await http.get<AccountLanguage>('account/language')).data.language;
/** PUT account/language: a shipped locale, or '' to let the browser decide again; 422 on language. */
export const saveLanguage = (language: Locale | '') => http.put<AccountLanguage>('account/language', { language });
