/**
 * The passkey prompts (WebAuthn): the server's options arrive as JSON with binary fields in
 * base64url (challenge, user.id, credential ids); navigator.credentials wants ArrayBuffers and
 * answers with them. These convert both ways; no package. Also a browser's refusal in words
 * (`browserRefusal`). Loaded on demand: the sign-in screen imports it when "Use a passkey" is
 * pressed, so its bytes are not in the sign-in script.
 */
import './messages/security.ts';
import { HttpError } from './http.ts';
import { t } from './i18n.ts';
import type { MessageKey } from '../common/i18n/catalogs/en.ts';

const fromB64url = (s: string): ArrayBuffer => {
  const b64 = s
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(s.length / 4) * 4, '=');
  const bin = atob(b64);
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out.buffer;
};
const toB64url = (b: ArrayBuffer | null | undefined): string | undefined => {
  if (!b) return undefined;
  let s = '';
  for (const byte of new Uint8Array(b)) s += String.fromCharCode(byte);
  return btoa(s).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
};

type CredentialRef = { id: string; type?: string; transports?: string[] };
const refs = (list?: CredentialRef[]) =>
  list?.map((c) => ({ ...c, type: 'public-key' as const, id: fromB64url(c.id), transports: c.transports as AuthenticatorTransport[] | undefined }));

/** The credential as JSON text, binary fields in base64url (the WebAuthn spec's RegistrationResponseJSON / AuthenticationResponseJSON). */
function credentialJson(c: PublicKeyCredential): string {
  const r = c.response as AuthenticatorResponse & Partial<AuthenticatorAttestationResponse & AuthenticatorAssertionResponse>;
  return JSON.stringify({
    id: c.id,
    rawId: toB64url(c.rawId),
    type: c.type,
    authenticatorAttachment: c.authenticatorAttachment ?? undefined,
    clientExtensionResults: c.getClientExtensionResults(),
    response: {
      clientDataJSON: toB64url(r.clientDataJSON),
      attestationObject: toB64url(r.attestationObject),
      transports: r.getTransports?.(),
      authenticatorData: toB64url(r.authenticatorData),
      signature: toB64url(r.signature),
      userHandle: toB64url(r.userHandle),
    },
  });
}

/** Creates a passkey from the server's creation options (JSON); resolves to the answer as JSON text. Rejects when the user cancels. */
export async function createPasskey(options: Record<string, unknown>): Promise<string> {
  const o = options as { challenge: string; user: { id: string; name: string; displayName: string }; excludeCredentials?: CredentialRef[] };
  const publicKey = {
    ...options,
    challenge: fromB64url(o.challenge),
    user: { ...o.user, id: fromB64url(o.user.id) },
    excludeCredentials: refs(o.excludeCredentials),
  } as unknown as PublicKeyCredentialCreationOptions;
  return credentialJson((await navigator.credentials.create({ publicKey })) as PublicKeyCredential);
}

/** Signs with a passkey for the server's request options (JSON); resolves to the answer as JSON text. Rejects when the user cancels. */
export async function signWithPasskey(options: Record<string, unknown>): Promise<string> {
  const o = options as { challenge: string; allowCredentials?: CredentialRef[] };
  const publicKey = {
    ...options,
    challenge: fromB64url(o.challenge),
    allowCredentials: refs(o.allowCredentials),
  } as unknown as PublicKeyCredentialRequestOptions;
  return credentialJson((await navigator.credentials.get({ publicKey })) as PublicKeyCredential);
}

/** The common browser refusals of a passkey prompt (DOMException names of the WebAuthn spec), each with its meaning's catalog key. */
const BROWSER_ERRORS = {
  NotAllowedError: 'access.passkeys.browser.NotAllowedError',
  InvalidStateError: 'access.passkeys.browser.InvalidStateError',
  SecurityError: 'access.passkeys.browser.SecurityError',
  NotSupportedError: 'access.passkeys.browser.NotSupportedError',
  AbortError: 'access.passkeys.browser.AbortError',
  ConstraintError: 'access.passkeys.browser.ConstraintError',
} as const satisfies Record<string, MessageKey>;

/**
 * A browser's refusal of a passkey prompt by its name, in the reader's language, e.g. "the
 * browser answered NotAllowedError (the prompt was cancelled, timed out, or is not allowed on
 * this page)"; an unknown name keeps the browser's own message; null for anything that is not a
 * browser error (an answer of the server, a plain Error).
 */
export function browserRefusal(err: unknown): string | null {
  if (!(err instanceof Error) || err instanceof HttpError || err.name === 'Error' || err.name === 'TypeError') return null;
  const key = (BROWSER_ERRORS as Record<string, MessageKey>)[err.name];
  const meaning = key ? t(key) : err.message;
  return meaning ? t('access.passkeys.browserSaidWhy', { name: err.name, meaning }) : t('access.passkeys.browserSaid', { name: err.name });
}
