import { useEffect, useRef } from 'react';
import { useSession } from '../providers/session.tsx';
import { useLocale } from '../providers/locale.tsx';
import { rememberedLocale } from '../lib/i18n.ts';

/**
 * The user's saved language follows them to this browser (docs/languages.md "Choosing the
 * language"): the sign-in answer carries it and the session remembers it in this browser at once
 * (providers/session.tsx signIn), so the next page load starts in it; right after a sign-in (not
 * on a reload) this shows it. A user who chose none keeps what this browser shows.
 */
export function useAccountLanguage(): void {
  const { state } = useSession();
  const { locale, choose } = useLocale();
  const before = useRef(state.token);
  useEffect(() => {
    const signedIn = !before.current && !!state.token;
    before.current = state.token;
    if (!signedIn) return;
    const saved = rememberedLocale();
    if (saved && saved !== locale) void choose(saved).catch(console.error);
  }, [state.token, locale, choose]);
}
