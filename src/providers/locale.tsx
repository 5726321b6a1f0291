import { createContext, Fragment, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { activateLocale, currentLocale } from '../lib/i18n.ts';
import type { Locale } from '../common/i18n/locales.ts';

/**
 * The locale as context (docs/languages.md): what is shown now, and `choose` to show another.
 * Choosing loads the locale's catalog (lib/i18n.ts activateLocale) and then renders the app again
 * from its root in that language (the tree is keyed by locale, so every `t()` is read anew);
 * session, route and stored state survive, as they live outside the tree.
 */
interface LocaleApi {
  locale: Locale;
  /** Shows `locale`; `remember` as activateLocale's (true: this browser remembers it; null: forget, the browser's languages decide). Rejects when its catalog cannot be loaded. */
  choose(locale: Locale, remember?: boolean | null): Promise<void>;
}
const Ctx = createContext<LocaleApi>({ locale: 'en', choose: async () => undefined });

/** Provides the locale; the locale active when it mounts (main.tsx activates it first) is the initial one. */
export function LocaleProvider({ children }: { children: ReactNode }) {
  const [locale, setLocale] = useState<Locale>(currentLocale);
  const choose = useCallback(async (next: Locale, remember: boolean | null = true) => {
    await activateLocale(next, remember);
    setLocale(next);
  }, []);
  const api = useMemo(() => ({ locale, choose }), [locale, choose]);
  return (
    <Ctx.Provider value={api}>
      <Fragment key={locale}>{children}</Fragment>
    </Ctx.Provider>
  );
}

/** The locale shown and the way to choose another. */
export const useLocale = () => useContext(Ctx);
