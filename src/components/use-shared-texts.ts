import { useEffect, useState } from 'react';
import { useLocale } from '../providers/locale.tsx';

/** Says an English text from a shared rule in the shown locale (lib/shared-texts.ts sayShared). */
export type SayShared = (text: string) => string;

const asWorded: SayShared = (text) => text;

/**
 * The calling component's `sayShared` (lib/shared-texts.ts) for the shown locale. For an English
 * reader it is the text as worded, and nothing is fetched. For a reader of another language, the
 * module that says the API's English again by its codes, with the English of those codes, is
 * fetched once (it is no part of a screen's first paint), then the component renders again with
 * it; until then, or when it cannot be fetched (offline), the texts show as worded (English).
 */
export function useSharedTexts(): SayShared {
  const { locale } = useLocale();
  const [say, setSay] = useState<{ locale: string; say: SayShared } | null>(null);
  useEffect(() => {
    if (locale === 'en') return;
    let live = true;
    import('../lib/shared-texts.ts')
      .then(async (m) => {
        await m.loadSharedTexts(locale);
        if (live) setSay({ locale, say: m.sayShared });
      })
      .catch(console.error);
    return () => {
      live = false;
    };
  }, [locale]);
  return locale !== 'en' && say?.locale === locale ? say.say : asWorded;
}
