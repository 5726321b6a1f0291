import type { PasskeySite } from '../../../src/common/passkey-site.ts';

/**
 * The passkeys' relying party of a server's settings (docs/security.md "Where passkeys work"):
 * WEBAUTHN_RP_ID and WEBAUTHN_ORIGIN, else the public URL's host name and origin
 * (http://localhost when there is none). Whether a browser can use it, and on which page, is
 * src/common/passkey-site.ts's rule.
 */
export function relyingParty(s: { publicUrl: string; webauthnRpId?: string; webauthnOrigin?: string }): PasskeySite {
  const pub = new URL(s.publicUrl || 'http://localhost');
  return { id: s.webauthnRpId ?? pub.hostname, origin: s.webauthnOrigin ? new URL(s.webauthnOrigin).origin : pub.origin };
}
