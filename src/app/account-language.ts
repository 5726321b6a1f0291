import { useEffect, useRef } from 'react';
import { useSession } from '../providers/session.tsx';
import { useLocale } from '../providers/locale.tsx';
import { http } from '../lib/http.ts';
import type { AccountLanguage } from '../common/contract/language.ts';

/**
 * The user's saved language follows them to this browser (docs/languages.md "Choosing the
 * language"): right after a sign-in (not on a reload, which already shows the language this
 * browser remembers) it reads GET account/language and, when the user chose one, shows it and
 * remembers it here. A user who chose none keeps what this browser shows.
 */
export function useAccountLanguage(): void {
  const { state } = useSession();
  const { locale, choose } = useLocale();
  const before = useRef(state.token);
  useEffect(() => {
    const signedIn = !before.current && !!state.token;
    before.current = state.token;
    if (!signedIn) return;
    http.get<AccountLanguage>('account/language').then(
      (r) => {
        const chosen = r.data.language;
        if (chosen && chosen !== locale) void choose(chosen).catch(console.error);
      },
      () => undefined, // a two-step-pending session or an outage: the language stays as shown
    );
  }, [state.token, locale, choose]);
}
