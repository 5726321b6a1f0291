import { createContext, Fragment, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { activateLocale, chosenTimeZone, currentLocale, rememberTimeZone } from '../lib/i18n.ts';
import type { Locale } from '../common/i18n/locales.ts';

/**
 * The locale as context (docs/languages.md): what is shown now, and `choose` to show another;
 * likewise the time zone times are shown in (`timeZone`, `chooseTimeZone`). Choosing loads the
 * locale's catalog (lib/i18n.ts activateLocale) and then renders the app again from its root in
 * that language or time zone (the tree is keyed by both, so every `t()` and time is read anew);
 * session, route and stored state survive, as they live outside the tree.
 */
interface LocaleApi {
  locale: Locale;
  /** Shows `locale`; `remember` as activateLocale's (true: this browser remembers it; null: forget, the browser's languages decide). Rejects when its catalog cannot be loaded. */
  choose(locale: Locale, remember?: boolean | null): Promise<void>;
  /** The user's chosen time zone ('' while none is: the browser's). */
  timeZone: string;
  /** Shows times in `timeZone` ('' for the browser's) and this browser remembers it (lib/i18n.ts rememberTimeZone). */
  chooseTimeZone(timeZone: string): void;
}
const Ctx = createContext<LocaleApi>({ locale: 'en', choose: async () => undefined, timeZone: '', chooseTimeZone: () => undefined });

/** Provides the locale; the locale active when it mounts (main.tsx activates it first) is the initial one. */
export function LocaleProvider({ children }: { children: ReactNode }) {
  const [locale, setLocale] = useState<Locale>(currentLocale);
  const choose = useCallback(async (next: Locale, remember: boolean | null = true) => {
    await activateLocale(next, remember);
    setLocale(next);
  }, []);
  const [timeZone, setTimeZone] = useState(chosenTimeZone);
  const chooseTimeZone = useCallback((next: string) => {
    rememberTimeZone(next);
    setTimeZone(chosenTimeZone());
  }, []);
  const api = useMemo(() => ({ locale, choose, timeZone, chooseTimeZone }), [locale, choose, timeZone, chooseTimeZone]);
  return (
    <Ctx.Provider value={api}>
      <Fragment key={`${locale}|${timeZone}`}>{children}</Fragment>
    </Ctx.Provider>
  );
}

/** The locale shown and the way to choose another. */
export const useLocale = () => useContext(Ctx);
