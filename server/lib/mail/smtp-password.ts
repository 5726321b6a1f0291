import type { Sql } from '../../db/sql.ts';
import { open, seal } from '../auth/two-step-key.ts';
import { Invalid } from '../../runtime/domain-errors.ts';
import { log } from '../../runtime/log.ts';
import { getEmailSettings, setStoredSmtpPassword, type EmailSettings } from '../../db/queries/settings.ts';
import { replaceNoticeSettings, waitingNotices } from '../../db/queries/outbox.ts';

/**
 * The SMTP password at rest (docs/security.md "SMTP password"). The e-mail settings row and each
 * waiting `settings` notice (which carries the previous settings) hold it in a stored form, never
 * as typed:
 *   - '' no password;
 *   - 'v1.<iv>.<tag>.<ciphertext>' sealed with AES-256-GCM under the two-step key
 *     (lib/auth/two-step-key.ts: TWO_STEP_KEY, or DATA_DIR/two-step.key on SQLite);
 *   - 'plain:<password>' stored before passwords were sealed (migration 034 marks it), kept only
 *     while the server has no key (PostgreSQL without TWO_STEP_KEY), and sealed by the first start
 *     that has one (sealLegacyPassword).
 * A new password is only ever stored sealed; without a key it is refused (KEY_MISSING_MESSAGE).
 */

/** Prefix of a password kept from before passwords were sealed. */
export const LEGACY_PREFIX = 'plain:';
/** 422 on smtp_password: a new password typed on a server that has no key to seal it. */
export const KEY_MISSING_MESSAGE = 'An SMTP password is stored encrypted with TWO_STEP_KEY: set it on this server first (docs/configuration.md).';
/** Why nothing can be sent: the stored password was sealed under another key (on smtp_password; the outbox's rows note it too). */
export const UNREADABLE_MESSAGE = "The stored SMTP password cannot be read with this server's TWO_STEP_KEY: type it again under Settings → Email.";

/**
 * The stored form of a password typed as `plain` ('' stays ''): sealed under `key`. Throws
 * Invalid (422 on smtp_password, KEY_MISSING_MESSAGE) when there is no key.
 */
export function sealPassword(key: Buffer | null | undefined, plain: string): string {
  if (plain === '') return '';
  if (!key) throw new Invalid({ smtp_password: [KEY_MISSING_MESSAGE] });
  return seal(key, plain);
}

/**
 * The password a stored form holds. Throws an Error with code ESECRET (smtp.ts smtpFailure turns
 * it into UNREADABLE_MESSAGE) when it is sealed and `key` is missing or not the one it was sealed
 * under, or when the text is no stored form at all.
 */
export function openPassword(key: Buffer | null | undefined, stored: string): string {
  if (stored === '') return '';
  if (stored.startsWith(LEGACY_PREFIX)) return stored.slice(LEGACY_PREFIX.length);
  try {
    if (!key) throw new Error('no key');
    return open(key, stored);
  } catch {
    throw Object.assign(new Error('The stored SMTP password cannot be read.'), { code: 'ESECRET' });
  }
}

/** `s` (stored form) with its password opened, ready to connect (openPassword's errors). */
export const openSettings = (key: Buffer | null | undefined, s: EmailSettings): EmailSettings => ({ ...s, smtp_password: openPassword(key, s.smtp_password) });

/** The password a stored form holds, or null when it cannot be read (never throws). */
export function readablePassword(key: Buffer | null | undefined, stored: string): string | null {
  try {
    return openPassword(key, stored);
  } catch {
    return null;
  }
}

/**
 * At start: seals a password kept from before (`plain:`) under `key`, in place, in the settings row
 * and in the previous settings each waiting notice carries (each only while it still holds that
 * form, so two processes starting at once seal it once). Without a key they are left readable and
 * a warning is logged. Resolves to what was done. (A SQLite file may still hold earlier values in
 * its free pages until VACUUM: README "Backup and restore".)
 */
export async function sealLegacyPassword(sql: Sql, key: Buffer | null | undefined): Promise<'sealed' | 'left' | 'none'> {
  const stored = (await getEmailSettings(sql)).smtp_password;
  const notices = (await waitingNotices(sql)).flatMap((row) => {
    const via = parseVia(row.body_html);
    return via && typeof via.smtp_password === 'string' && via.smtp_password.startsWith(LEGACY_PREFIX) ? [{ row, via, password: via.smtp_password }] : [];
  });
  if (!stored.startsWith(LEGACY_PREFIX) && !notices.length) return 'none';
  if (!key) {
    log.warn('The SMTP password is stored as typed: set TWO_STEP_KEY (docs/configuration.md) and restart, and it is stored encrypted.');
    return 'left';
  }
  const sealed = (legacy: string) => sealPassword(key, legacy.slice(LEGACY_PREFIX.length));
  if (stored.startsWith(LEGACY_PREFIX)) await setStoredSmtpPassword(sql, stored, sealed(stored));
  for (const n of notices) await replaceNoticeSettings(sql, n.row.id, n.row.body_html, JSON.stringify({ ...n.via, smtp_password: sealed(n.password) }));
  return 'sealed';
}

/** A notice's carried settings as an object, or null when its text is not a JSON object. */
function parseVia(text: string): Record<string, unknown> | null {
  try {
    const v: unknown = JSON.parse(text);
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}
