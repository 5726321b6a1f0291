import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The key that encrypts authenticator secrets (docs/security.md "Two-step sign-in"), kept
 * outside the database so a dump alone yields no working codes. From env TWO_STEP_KEY (32 bytes,
 * base64 or hex); else, on the embedded SQLite only, the file `two-step.key` in the data folder,
 * generated at first start with mode 0600. With DATABASE_URL every process must hold the same
 * key, which a file per process cannot promise: without TWO_STEP_KEY there is no key and turning
 * on an authenticator app is refused (TWO_STEP_KEY_MISSING); passkeys need no key.
 */

/** Name of the generated key file in the data folder. */
export const KEY_FILE = 'two-step.key';
/** Refusal of an authenticator enrolment on a server without a key (PostgreSQL without TWO_STEP_KEY). */
export const TWO_STEP_KEY_MISSING = 'Authenticator apps need TWO_STEP_KEY set on this server (docs/configuration.md). Ask your administrator.';

/** 32 bytes from base64 (standard or URL-safe) or 64 hex digits; null for anything else. */
export function parseTwoStepKey(text: string): Buffer | null {
  const t = text.trim();
  if (/^[0-9a-fA-F]{64}$/.test(t)) return Buffer.from(t, 'hex');
  if (!/^[A-Za-z0-9+/_-]{43}=?$/.test(t)) return null;
  const b = Buffer.from(t.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
  return b.length === 32 ? b : null;
}

/**
 * The key of this process: `envKey` (TWO_STEP_KEY, already checked by server/config.ts) when
 * set; else with `databaseUrl` none (null); else the data folder's key file, created (0600) when
 * absent. Throws when the file exists but does not hold a key.
 */
export function loadTwoStepKey(dataDir: string, envKey: string | undefined, databaseUrl: string | undefined): Buffer | null {
  if (envKey) {
    const k = parseTwoStepKey(envKey);
    if (!k) throw new Error('TWO_STEP_KEY is not 32 bytes in base64 or hex.');
    return k;
  }
  if (databaseUrl) return null;
  const file = path.join(dataDir, KEY_FILE);
  try {
    const k = parseTwoStepKey(readFileSync(file, 'utf8'));
    if (!k) throw new Error(`${file} does not hold a 32-byte key (base64).`);
    return k;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  mkdirSync(dataDir, { recursive: true });
  const key = randomBytes(32);
  // 'wx': two processes starting at once on one folder never overwrite each other's key.
  try {
    writeFileSync(file, `${key.toString('base64')}\n`, { mode: 0o600, flag: 'wx' });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return loadTwoStepKey(dataDir, undefined, undefined);
    throw err;
  }
  chmodSync(file, 0o600);
  return key;
}

/** `plain` sealed with AES-256-GCM under `key`: "v1.<iv>.<tag>.<ciphertext>", each base64url. */
export function seal(key: Buffer, plain: string): string {
  const iv = randomBytes(12);
  const c = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([c.update(plain, 'utf8'), c.final()]);
  return ['v1', iv.toString('base64url'), c.getAuthTag().toString('base64url'), body.toString('base64url')].join('.');
}

/** The text `seal` sealed; throws when the key is not the one it was sealed with or the text was altered. */
export function open(key: Buffer, sealed: string): string {
  const [v, iv, tag, body] = sealed.split('.');
  if (v !== 'v1' || !iv || !tag || body === undefined) throw new Error('not a sealed secret');
  const d = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  d.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([d.update(Buffer.from(body, 'base64url')), d.final()]).toString('utf8');
}
