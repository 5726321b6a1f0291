import type { Sql } from '../sql.ts';

/** What a reset or invitation link is for. */
export type LinkPurpose = 'reset' | 'invite';
/** A stored link: only the SHA-256 of its secret (hex). Times in ms since 1970. */
export interface AccountTokenRow { id: number; user_id: number; purpose: LinkPurpose; secret_hash: string; expires_at: number; used_at: number | null }

/**
 * Stores a new link of `userId` for `purpose`, valid until `expiresAt`; earlier unused links of
 * the same user and purpose stop working (they read as expired), so only the newest e-mail's link works.
 */
export async function insertAccountToken(tx: Sql, t: { userId: number; purpose: LinkPurpose; selector: string; secretHash: string; expiresAt: number; now: number }) {
  await tx.run('UPDATE account_tokens SET expires_at = ? WHERE user_id = ? AND purpose = ? AND used_at IS NULL AND expires_at > ?', [t.now, t.userId, t.purpose, t.now]);
  await tx.run('INSERT INTO account_tokens (user_id, purpose, selector, secret_hash, expires_at, created_at) VALUES (?, ?, ?, ?, ?, ?)',
    [t.userId, t.purpose, t.selector, t.secretHash, t.expiresAt, t.now]);
}

/** The link with this selector, or undefined. */
export const findAccountToken = (sql: Sql, selector: string) =>
  sql.get<AccountTokenRow>('SELECT id, user_id, purpose, secret_hash, expires_at, used_at FROM account_tokens WHERE selector = ?', [selector]);

/** Marks the link used; resolves to 1, or 0 when another request used it first (single use under races). */
export const useAccountToken = (tx: Sql, id: number, now: number) =>
  tx.run('UPDATE account_tokens SET used_at = ? WHERE id = ? AND used_at IS NULL', [now, id]);
