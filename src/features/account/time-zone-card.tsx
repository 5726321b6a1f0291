import '../../lib/messages/shell.ts';
import { useEffect, useId, useState } from 'react';
import { Button } from '../../components/button.tsx';
import { useAction } from '../../components/use-action.ts';
import { useLocale } from '../../providers/locale.tsx';
import { t } from '../../lib/i18n.ts';
import { localTimeZone, timeZoneChoices } from '../../common/time-zone.ts';
import * as api from './language-api.ts';

/** The choices: every time zone Intl offers, plus a saved one it no longer lists (kept, so saving changes nothing unasked). */
const zones = (saved: string): readonly string[] => {
  const all = timeZoneChoices();
  return saved && !all.includes(saved) ? [saved, ...all] : all;
};

/**
 * My account's "Time zone" card (docs/languages.md "Formats"): the time zone the console shows
 * times in, saved with the user so it follows them to every browser, or "As my browser" (the
 * browser's own). Saving shows every time in it at once (the locale provider renders the app again).
 */
export function TimeZoneCard() {
  const id = useId();
  const { chooseTimeZone } = useLocale();
  const [saved, setSaved] = useState<string | null>(null);
  const [value, setValue] = useState('');
  const saving = useAction();
  useEffect(() => {
    api.getTimeZone().then((z) => {
      setSaved(z);
      setValue(z);
    }, console.error);
  }, []);
  const browser = localTimeZone();

  const save = (e: React.FormEvent) => {
    e.preventDefault();
    void saving.run(
      async () => {
        const r = await api.saveTimeZone(value);
        setSaved(r.data.time_zone);
        return r;
      },
      { success: () => t('timeZone.saved'), onSuccess: (r) => chooseTimeZone(r.data.time_zone) },
    );
  };

  return (
    <section className="card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('timeZone.title')}</h2>
      <p className="muted">{t('timeZone.intro')}</p>
      <form noValidate onSubmit={save}>
        <div className="field">
          <div className="field-label">
            <label htmlFor={`${id}-zone`}>{t('timeZone.title')}</label>
          </div>
          <select id={`${id}-zone`} name="time_zone" value={value} disabled={saved === null} onChange={(e) => setValue(e.target.value)}>
            <option value="">{t('timeZone.browser', { zone: browser || 'UTC' })}</option>
            {zones(saved ?? '').map((z) => (
              <option key={z} value={z}>
                {z}
              </option>
            ))}
          </select>
        </div>
        <Button type="submit" busy={saving.busy} disabled={saved === null || value === saved}>
          {t('timeZone.save')}
        </Button>
      </form>
    </section>
  );
}
