import { useEffect, useState } from 'react';
import { passkeySite } from '../lib/webauthn.ts';
import { t } from '../lib/i18n.ts';

/** Why passkeys cannot work on this page and what to do (src/common/passkey-site.ts passkeySiteWords). */
export interface PasskeySiteNote {
  why: string;
  fix: string;
  /** The same screen at the address where passkeys work, when opening it fixes it. */
  open?: string;
}

/**
 * Whether passkeys can work where this page is open (src/common/passkey-site.ts): undefined
 * while the relying party is asked (GET login/passkey/site), null when they can (or the server
 * could not be asked: the browser's own answer then says), else the note to show instead of a
 * passkey button, whose link opens this page's path at the right address.
 */
export function usePasskeySite(): PasskeySiteNote | null | undefined {
  const [note, setNote] = useState<PasskeySiteNote | null | undefined>(undefined);
  useEffect(() => {
    let live = true;
    // The rules and their sentences load beside the server's answer (they are not in the sign-in script).
    void Promise.all([passkeySite(), import('../lib/passkey-site-note.ts')]).then(([site, words]) => {
      if (!live) return;
      setNote(site ? words.passkeySiteNote(site, window.location.href, window.location.pathname) : null);
    });
    return () => {
      live = false;
    };
  }, []);
  return note;
}

/** `fix` with the address it names made a link to `open` (the same screen there). */
function withLink(fix: string, open: string) {
  const origin = new URL(open).origin;
  const at = fix.indexOf(origin);
  if (at < 0) return fix;
  return (
    <>
      {fix.slice(0, at)}
      <a href={open}>{origin}</a>
      {fix.slice(at + origin.length)}
    </>
  );
}

/** The note in place of a passkey button: why, then the fix with a link to the right address when there is one. */
export function PasskeySiteNotice({ note, className }: { note: PasskeySiteNote; className?: string }) {
  return (
    <div className={`passkey-site ${className ?? ''}`.trim()} role="note" aria-label={t('login.passkeySiteLabel')}>
      <p>{note.why}</p>
      <p>{note.open ? withLink(note.fix, note.open) : note.fix}</p>
    </div>
  );
}
