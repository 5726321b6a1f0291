import { useEffect, useReducer } from 'react';
import { loadSharedTexts } from '../lib/shared-texts.ts';
import { useLocale } from '../providers/locale.tsx';

/**
 * Makes `sayShared` (lib/shared-texts.ts) speak the shown locale in the calling component: for a
 * reader of another language than English it fetches the English of the API's codes once, then
 * renders the component again; until then the texts show as worded (English).
 */
export function useSharedTexts(): void {
  const { locale } = useLocale();
  const [, loaded] = useReducer((n: number) => n + 1, 0);
  useEffect(() => {
    let live = true;
    loadSharedTexts(locale).then((fresh) => fresh && live && loaded(), console.error);
    return () => {
      live = false;
    };
  }, [locale]);
}
