import { http } from '../../lib/http.ts';
import type { AccountLanguage, AccountTimeZone } from '../../common/contract/language.ts';
import type { Locale } from '../../common/i18n/locales.ts';

/** GET account/language: the language the user chose, null when none (docs/languages.md). */
export const getLanguage = async () => (await http.get<AccountLanguage>('account/language')).data.language;
/** PUT account/language: a shipped locale, or '' to let the browser decide again; 422 on language. */
export const saveLanguage = (language: Locale | '') => http.put<AccountLanguage>('account/language', { language });
/** GET account/time-zone: the time zone the user chose, '' when none (the browser's). */
export const getTimeZone = async () => (await http.get<AccountTimeZone>('account/time-zone')).data.time_zone;
/** PUT account/time-zone: an IANA time zone name, or '' for the browser's; 422 on time_zone for a name that is not known. */
export const saveTimeZone = (time_zone: string) => http.put<AccountTimeZone>('account/time-zone', { time_zone });
