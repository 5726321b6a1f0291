import '../../lib/messages/shell.ts';
import { useEffect, useId, useState } from 'react';
import { Button } from '../../components/button.tsx';
import { useAction } from '../../components/use-action.ts';
import { useLocale } from '../../providers/locale.tsx';
import { browserLocale, t } from '../../lib/i18n.ts';
import { LANGUAGE_NAMES, LOCALES, type Locale } from '../../common/i18n/locales.ts';
import * as api from './language-api.ts';

/**
 * My account's "Language" card (docs/languages.md "Choosing the language"): the user's language,
 * saved with the user so it follows them to every browser, or "As my browser" (the browser's
 * preferred languages decide). Saving shows the console in that language at once.
 */
export function LanguageCard() {
  const id = useId();
  const { locale, choose } = useLocale();
  const [saved, setSaved] = useState<Locale | '' | null>(null);
  const [value, setValue] = useState<Locale | ''>('');
  const saving = useAction();
  useEffect(() => {
    api.getLanguage().then((l) => {
      setSaved(l ?? '');
      setValue(l ?? '');
    }, console.error);
  }, []);
  const browser = browserLocale();

  const save = (e: React.FormEvent) => {
    e.preventDefault();
    const next = value || browser;
    // Saved first, then shown: the toast is said in the language just chosen.
    void saving.run(
      async () => {
        const r = await api.saveLanguage(value);
        setSaved(value);
        if (next !== locale || !value) await choose(next, value ? true : null).catch(console.error);
        return r;
      },
      { success: () => t('language.saved') },
    );
  };

  return (
    <section className="card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('language.title')}</h2>
      <p className="muted">{t('language.intro')}</p>
      <form noValidate onSubmit={save}>
        <div className="field">
          <div className="field-label">
            <label htmlFor={`${id}-language`}>{t('language.title')}</label>
          </div>
          <select id={`${id}-language`} name="language" value={value} disabled={saved === null} onChange={(e) => setValue(e.target.value as Locale | '')}>
            <option value="">{t('language.browser', { language: LANGUAGE_NAMES[browser] })}</option>
            {LOCALES.map((l) => (
              <option key={l} value={l} lang={l}>
                {LANGUAGE_NAMES[l]}
              </option>
            ))}
          </select>
        </div>
        <Button type="submit" busy={saving.busy} disabled={saved === null || value === saved}>
          {t('language.save')}
        </Button>
      </form>
    </section>
  );
}
