import { createHmac, randomBytes } from 'node:crypto';
import { SECRET_PREFIX } from '../../../src/common/webhooks.ts';

/**
 * Standard Webhooks signing (https://www.standardwebhooks.com, docs/webhooks.md "Verifying a
 * delivery"), written with node:crypto: the secret is `whsec_` + base64 of 32 random bytes; the
 * signed content is `<webhook-id>.<webhook-timestamp>.<body>`; the signature is HMAC-SHA256 under
 * the secret's bytes, base64, sent as `v1,<signature>` in `webhook-signature` (several,
 * space-separated, while a rotated secret still signs).
 */

/** A new signing secret: `whsec_` and 32 random bytes in base64. */
export const newSecret = () => `${SECRET_PREFIX}${randomBytes(32).toString('base64')}`;

/** The `v1,<base64>` signature of `body` sent as message `id` at `timestamp` (whole seconds) under `secret` (whsec_…). */
export function sign(secret: string, id: string, timestamp: number, body: string): string {
  const key = Buffer.from(secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret, 'base64');
  return `v1,${createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64')}`;
}

/** The three Standard Webhooks headers of one attempt: each secret in `secrets` signs (the current first). */
export function signedHeaders(secrets: readonly string[], id: string, timestamp: number, body: string): Record<string, string> {
  return {
    'webhook-id': id,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': secrets.map((s) => sign(s, id, timestamp, body)).join(' '),
  };
}

/** A new event's message id: `msg_` and 16 random bytes in base64url (the webhook-id of every attempt of that event). */
export const newMessageId = () => `msg_${randomBytes(16).toString('base64url')}`;
