import { randomBytes, scrypt as scryptCb, timingSafeEqual, hash } from 'node:crypto';
import { promisify } from 'node:util';
import { SLOTS, withHashSlot } from './hash-slots.ts';

/**
 * @node-rs/argon2, imported on first use. Loaded at start, its native addon
 * came before the first answer: a cold start took 2.13-2.14x bare Hono's time to answer, 1.78-1.80x
 * without it (9 alternating starts each). startServer calls this once it listens, so a missing or
 * broken addon still stops the start, and the first sign-in does not wait for the load.
 */
let argon2: Promise<typeof import('@node-rs/argon2')> | undefined;
export const loadPasswordHasher = () => (argon2 ??= import('@node-rs/argon2'));

const scrypt = promisify(scryptCb) as (pw: string, salt: Buffer, len: number, opts: object) => Promise<Buffer>;
/** The parameters every stored `scrypt$…` hash was made with (before Argon2id); only checked now, never made. */
const SCRYPT = { N: 16384, r: 8, p: 1, maxmem: 64 * 1024 * 1024 };

/**
 * Argon2id at OWASP's Password Storage Cheat Sheet minimum: 19 MiB of memory (`memoryCost` in
 * KiB), 2 passes, 1 lane; 16-byte random salt, 32-byte hash. Stored as the standard PHC string
 * `$argon2id$v=19$m=19456,t=2,p=1$<salt>$<hash>` (base64, no padding), so the parameters travel
 * with each hash and can be raised later (`needsRehash`).
 */
// algorithm 2 is Argon2id in @node-rs/argon2's (const, so not importable here) Algorithm enum.
export const ARGON2 = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1, outputLen: 32 } as const;
const CURRENT_PREFIX = `$argon2id$v=19$m=${ARGON2.memoryCost},t=${ARGON2.timeCost},p=${ARGON2.parallelism}$`;

/**
 * Hashes a password with Argon2id (`ARGON2`, DESIGN.md §3). Waits for a hash slot
 * (lib/auth/hash-slots.ts); `background` work (an import job's own bounded lanes) is never refused.
 */
export async function hashPassword(password: string, background = false): Promise<string> {
  return withHashSlot(async () => (await loadPasswordHasher()).hash(password, ARGON2), background);
}

/**
 * How many password checks (`verifyPassword` calls that reach a hash function) this process has
 * made. Read-only evidence for tests and monitoring that the sign-in throttle holds under concurrency.
 */
export const passwordChecks = { count: 0 };

/**
 * True when `password` matches `stored`: an Argon2id PHC string (`hashPassword`) or an older
 * `scrypt$<salt hex>$<hash hex>` hash. False for any malformed or unknown hash. One hash slot.
 */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  if (stored.startsWith('$argon2id$')) {
    passwordChecks.count++;
    return withHashSlot(async () => (await loadPasswordHasher()).verify(stored, password).catch(() => false));
  }
  const [kind, saltHex, hashHex] = stored.split('$');
  if (kind !== 'scrypt' || !saltHex || !hashHex) return false;
  const expected = Buffer.from(hashHex, 'hex');
  passwordChecks.count++;
  const actual = await withHashSlot(() => scrypt(password, Buffer.from(saltHex, 'hex'), expected.length, SCRYPT));
  return timingSafeEqual(actual, expected);
}

/**
 * True when `stored` was not made with today's `ARGON2` parameters (an old scrypt hash, or
 * Argon2id with other parameters): the sign-in that just verified the password stores a new
 * `hashPassword` of it in its place (routes/auth.ts), so old hashes are upgraded one sign-in at a time.
 */
export const needsRehash = (stored: string) => !stored.startsWith(CURRENT_PREFIX);

/** A new bearer token: 32 random bytes as base64url. Only its `sha256` is ever stored. */
export const newToken = () => randomBytes(32).toString('base64url');
/**
 * Hex SHA-256 of a string, UTF-8 (session tokens are stored only as this hash). One-shot `crypto.hash`:
 * every signed-in call hashes its token; ~0.4 µs instead of ~1 µs with a Hash object (a micro-benchmark).
 */
export const sha256 = (s: string) => hash('sha256', s, 'hex');
/** A random password for the seeded admin when ADMIN_PASSWORD is unset: 18 base64url chars. */
export const randomPassword = () => randomBytes(14).toString('base64url').slice(0, 18);

/**
 * Hashes `passwords` (in order) for an import job with `hashPassword`, so import hashes share
 * the one hash-slot bound (lib/auth/hash-slots.ts, SLOTS at once) with sign-ins and every other
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
