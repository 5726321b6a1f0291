/**
 * The browser's side of passkeys (WebAuthn) that every page may need: whether this browser can use
 * them (`passkeysSupported`) and the passkeys' relying party (`passkeySite`). The prompts
 * themselves are in ./webauthn-prompts.ts, loaded when a passkey is used or made.
 */
import { http } from './http.ts';
import type { PasskeySite } from '../common/passkey-site.ts';

/** True when this browser can use passkeys at all. */
export const passkeysSupported = () => typeof window !== 'undefined' && !!window.PublicKeyCredential && !!navigator.credentials;

/** GET login/passkey/site: the passkeys' relying party, asked once per page load (no session needed). */
let site: Promise<PasskeySite | null> | undefined;
export const passkeySite = () =>
  (site ??= http.get<PasskeySite>('login/passkey/site').then(
    (r) => r.data,
    () => {
      site = undefined; // asked again next time
      return null;
    },
  ));
