import { useEffect, useState } from 'react';
import { currentLocale } from '../../lib/i18n.ts';

/**
 * `text`, an English sentence of a rule both sides share (src/common/, such as TWO_STEP_LOCKED,
 * which the API also says with a code), in the reader's language: the English at once, then,
 * for another language, the same sentence said by its code once lib/shared-texts.ts and its
 * catalogs have loaded. They are a chunk of their own, fetched only when such a sentence is
 * shown, so the sign-in script does not carry the API's messages. A sentence without a code, or a
 * chunk that cannot be fetched (offline), stays English. '' stays ''.
 */
export function useSharedText(text: string): string {
  const [said, setSaid] = useState<{ from: string; to: string } | null>(null);
  useEffect(() => {
    if (!text || currentLocale() === 'en') return;
    let live = true;
    import('../../lib/shared-texts.ts')
      .then(async (m) => {
        await m.loadSharedTexts();
        if (live) setSaid({ from: text, to: m.sayShared(text) });
      })
      .catch(() => {});
    return () => {
      live = false;
    };
  }, [text]);
  return said?.from === text ? said.to : text;
}
