import { randomBytes, scrypt as scryptCb, timingSafeEqual, createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { withHashSlot } from './hash-slots.ts';

const scrypt = promisify(scryptCb) as (pw: string, salt: Buffer, len: number, opts: object) => Promise<Buffer>;
const PARAMS = { N: 16384, r: 8, p: 1, maxmem: 64 * 1024 * 1024 };

/** Hashes a password with scrypt and a per-user 16-byte salt (DESIGN.md §3): "scrypt$salt$hash", hex. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const hash = await withHashSlot(() => scrypt(password, salt, 32, PARAMS));
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
