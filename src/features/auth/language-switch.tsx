import { useId } from 'react';
import { useLocale } from '../../providers/locale.tsx';
import { t } from '../../lib/i18n.ts';
import { LANGUAGE_NAMES, LOCALES, type Locale } from '../../common/i18n/locales.ts';

/**
 * The sign-in screen's language switch (docs/languages.md "Choosing the language"): each shipped
 * language by its own name; choosing one shows the screen in it at once and this browser
 * remembers it until a signed-in user's saved language says otherwise.
 */
export function LanguageSwitch() {
  const id = useId();
  const { locale, choose } = useLocale();
  return (
    <p className="auth-language">
      <label htmlFor={id}>{t('login.language')}</label>{' '}
      <select id={id} value={locale} onChange={(e) => void choose(e.target.value as Locale).catch(console.error)}>
        {LOCALES.map((l) => (
          <option key={l} value={l} lang={l}>
            {LANGUAGE_NAMES[l]}
          </option>
        ))}
      </select>
    </p>
  );
}
