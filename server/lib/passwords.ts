import { randomBytes, scrypt as scryptCb, timingSafeEqual, createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { availableParallelism } from 'node:os';

const scrypt = promisify(scryptCb) as (pw: string, salt: Buffer, len: number, opts: object) => Promise<Buffer>;
const PARAMS = { N: 16384, r: 8, p: 1, maxmem: 64 * 1024 * 1024 };

/** Hashes a password with scrypt and a per-user 16-byte salt (DESIGN.md §3): "scrypt$salt$hash", hex. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const hash = await scrypt(password, salt, 32, PARAMS);
  return `scrypt$${salt.toString('hex')}$${hash.toString('hex')}`;
}

/** True when `password` matches a hash made by `hashPassword`; false for any malformed hash. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [kind, saltHex, hashHex] = stored.split('$');
  if (kind !== 'scrypt' || !saltHex || !hashHex) return false;
  const expected = Buffer.from(hashHex, 'hex');
  const actual = await scrypt(password, Buffer.from(saltHex, 'hex'), expected.length, PARAMS);
  return timingSafeEqual(actual, expected);
}

/** A new bearer token: 32 random bytes as base64url. Only its `sha256` is ever stored. */
export const newToken = () => randomBytes(32).toString('base64url');
export const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
/** A random password for the seeded admin when ADMIN_PASSWORD is unset: 18 base64url chars. */
export const randomPassword = () => randomBytes(14).toString('base64url').slice(0, 18);

/**
 * At most this many import hashes run at once across every job: scrypt runs on libuv's pool
 * (4 threads by default), which sign-ins, file reads and DNS share, and each hash keeps a core
 * busy; one core stays for the event loop (1 on a 2-core machine, 2 from 3 cores up).
 */
export const IMPORT_HASH_CONCURRENCY = Math.max(1, Math.min(2, availableParallelism() - 1));
let running = 0;
const waiting: (() => void)[] = [];
async function slot<T>(fn: () => Promise<T>): Promise<T> {
  if (running >= IMPORT_HASH_CONCURRENCY) await new Promise<void>((resolve) => waiting.push(resolve));
  else running++;
  try { return await fn(); } finally {
    const next = waiting.shift();
    if (next) next(); else running--;
  }
}

/**
 * Hashes `passwords` (in order) for an import, sharing IMPORT_HASH_CONCURRENCY slots with every
 * other import of this process; `onHashed` is called after each hash (progress).
 */
export async function hashForImport(passwords: string[], onHashed: () => void): Promise<string[]> {
  const out = new Array<string>(passwords.length);
  let next = 0;
  const lane = async () => {
    while (next < passwords.length) {
      const i = next++;
      out[i] = await slot(() => hashPassword(passwords[i]));
      onHashed();
    }
  };
  await Promise.all(Array.from({ length: Math.min(IMPORT_HASH_CONCURRENCY, passwords.length) }, lane));
  return out;
}
