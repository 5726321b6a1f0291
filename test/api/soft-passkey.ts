import { createHash, createSign, generateKeyPairSync, randomBytes, type KeyObject } from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';

/**
 * A software authenticator for API tests (docs/security.md "Two-step sign-in"): it answers the
 * API's WebAuthn options as a browser with a platform passkey would, with a P-256 key made here
 * ("none" attestation, user present and verified). `create` answers registration options (POST
 * account/passkeys/options) with the JSON text POST account/passkeys takes; `get` answers request
 * options (POST login/passkey/options) with the JSON text POST login/passkey takes.
 */
export interface SoftPasskey {
  /** The credential id (base64url). */
  id: string;
  create(options: { challenge: string; rp: { id?: string } }): string;
  get(options: { challenge: string; rpId?: string }): string;
}

const b64u = (b: Buffer | Uint8Array) => Buffer.from(b).toString('base64url');
const sha256 = (b: Buffer | string) => createHash('sha256').update(b).digest();
const u32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n);
  return b;
};
/** Flags of authenticator data: user present, user verified, attested credential data. */
const UP = 0x01,
  UV = 0x04,
  AT = 0x40;

/** The COSE form (EC2, ES256) of a P-256 public key. */
function coseKey(publicKey: KeyObject): Uint8Array {
  const jwk = publicKey.export({ format: 'jwk' });
  return isoCBOR.encode(
    new Map<number, number | Uint8Array>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, Buffer.from(jwk.x!, 'base64url')],
      [-3, Buffer.from(jwk.y!, 'base64url')],
    ]),
  );
}

/** A new software passkey answering for `origin` (the API's WEBAUTHN_ORIGIN). */
export function softPasskey(origin: string): SoftPasskey {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const credentialId = randomBytes(16);
  let counter = 0;
  const clientData = (type: string, challenge: string) => Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  return {
    id: b64u(credentialId),
    create(options) {
      const rpId = options.rp.id ?? new URL(origin).hostname;
      const idLength = Buffer.alloc(2);
      idLength.writeUInt16BE(credentialId.length);
      const authData = Buffer.concat([
        sha256(rpId),
        Buffer.from([UP | UV | AT]),
        u32(counter),
        Buffer.alloc(16),
        idLength,
        credentialId,
        Buffer.from(coseKey(publicKey)),
      ]);
      const attestation = new Map<string, string | Uint8Array | Map<string, string>>();
      attestation.set('fmt', 'none');
      attestation.set('attStmt', new Map());
      attestation.set('authData', authData);
      const attestationObject = isoCBOR.encode(attestation);
      return JSON.stringify({
        id: b64u(credentialId),
        rawId: b64u(credentialId),
        type: 'public-key',
        authenticatorAttachment: 'platform',
        clientExtensionResults: {},
        response: {
          clientDataJSON: b64u(clientData('webauthn.create', options.challenge)),
          attestationObject: b64u(attestationObject),
          transports: ['internal'],
        },
      });
    },
    get(options) {
      const rpId = options.rpId ?? new URL(origin).hostname;
      counter += 1;
      const authData = Buffer.concat([sha256(rpId), Buffer.from([UP | UV]), u32(counter)]);
      const data = clientData('webauthn.get', options.challenge);
      const signature = createSign('sha256')
        .update(Buffer.concat([authData, sha256(data)]))
        .sign(privateKey);
      return JSON.stringify({
        id: b64u(credentialId),
        rawId: b64u(credentialId),
        type: 'public-key',
        authenticatorAttachment: 'platform',
        clientExtensionResults: {},
        response: { clientDataJSON: b64u(data), authenticatorData: b64u(authData), signature: b64u(signature) },
      });
    },
  };
}
