import { randomBytes, scrypt as scryptCb, timingSafeEqual, createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { SLOTS, withHashSlot } from './hash-slots.ts';

const scrypt = promisify(scryptCb) as (pw: string, salt: Buffer, len: number, opts: object) => Promise<Buffer>;
const PARAMS = { N: 16384, r: 8, p: 1, maxmem: 64 * 1024 * 1024 };

/**
 * Hashes a password with scrypt and a per-user 16-byte salt (DESIGN.md §3): "scrypt$salt$hash", hex.
 * Waits for a hash slot; `background` work (an import job's own bounded lanes) is never refused.
 */
export async function hashPassword(password: string, background = false): Promise<string> {
  const salt = randomBytes(16);
  const hash = await withHashSlot(() => scrypt(password, salt, 32, PARAMS), background);
  return `scrypt$${salt.toString('hex')}$${hash.toString('hex')}`;
}

/**
 * How many password checks (`verifyPassword` calls that reach scrypt) this process has made.
 * Read-only evidence for tests and monitoring that the sign-in throttle holds under concurrency.
 */
export const passwordChecks = { count: 0 };

/** True when `password` matches a hash made by `hashPassword`; false for any malformed hash. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [kind, saltHex, hashHex] = stored.split('$');
  if (kind !== 'scrypt' || !saltHex || !hashHex) return false;
  const expected = Buffer.from(hashHex, 'hex');
  passwordChecks.count++;
  const actual = await withHashSlot(() => scrypt(password, Buffer.from(saltHex, 'hex'), expected.length, PARAMS));
  return timingSafeEqual(actual, expected);
}

/** A new bearer token: 32 random bytes as base64url. Only its `sha256` is ever stored. */
export const newToken = () => randomBytes(32).toString('base64url');
/** Hex SHA-256 of a string (session tokens are stored only as this hash). */
export const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
/** A random password for the seeded admin when ADMIN_PASSWORD is unset: 18 base64url chars. */
export const randomPassword = () => randomBytes(14).toString('base64url').slice(0, 18);

/**
 * Hashes `passwords` (in order) for an import job with `hashPassword`, so import hashes share
 * the one hash-slot bound (lib/hash-slots.ts, SLOTS at once) with sign-ins and every other
 * import. It keeps at most SLOTS hashes of its own in flight, so a 50,000-row sheet queues no
 * more than that ahead of a sign-in; `onHashed` is called after each hash (progress). Queued
 * in the background (`background`), it is never refused with 429 for a full sign-in queue.
 */
export async function hashForImport(passwords: string[], onHashed: () => void): Promise<string[]> {
  const out = new Array<string>(passwords.length);
  let next = 0;
  const lane = async () => {
    while (next < passwords.length) {
      const i = next++;
      out[i] = await hashPassword(passwords[i], true);
      onHashed();
    }
  };
  await Promise.all(Array.from({ length: Math.min(SLOTS, passwords.length) }, lane));
  return out;
}
