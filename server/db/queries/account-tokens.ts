import type { Sql } from '../sql.ts';
import { dbNow } from '../clock.ts';

/** What a link is for: a password reset, an invitation, or unlocking a user's sign-in codes (docs/security.md "Second step locked"). */
export type LinkPurpose = 'reset' | 'invite' | 'unlock';
/**
 * A stored link: only the SHA-256 of its secret (hex). Times in ms since 1970 on the database's
 * clock; `expired` is whether `expires_at` has passed by that clock when the row was read.
 */
export interface AccountTokenRow {
  id: number;
  user_id: number;
  purpose: LinkPurpose;
  secret_hash: string;
  expires_at: number;
  used_at: number | null;
  expired: boolean;
}

/**
 * Stores a new link of `userId` for `purpose`, valid for `ttlMs` from now by the database's clock
 * (db/clock.ts: a process whose clock runs ahead or behind makes a link of the same life); earlier
 * unused links of the same user and purpose stop working (they read as expired), so only the
 * newest e-mail's link works.
 */
export async function insertAccountToken(tx: Sql, t: { userId: number; purpose: LinkPurpose; selector: string; secretHash: string; ttlMs: number }) {
  const now = dbNow(tx);
  await endLinks(tx, t.userId, t.purpose);
  await tx.run(`INSERT INTO account_tokens (user_id, purpose, selector, secret_hash, expires_at, created_at) VALUES (?, ?, ?, ?, ${now} + ?, ${now})`, [
    t.userId,
    t.purpose,
    t.selector,
    t.secretHash,
    t.ttlMs,
  ]);
}

/** Ends every unused link of `userId` for `purpose` (they read as expired from now, by the database's clock). */
export const endLinks = (tx: Sql, userId: number, purpose: LinkPurpose) =>
  tx.run(`UPDATE account_tokens SET expires_at = ${dbNow(tx)} WHERE user_id = ? AND purpose = ? AND used_at IS NULL AND expires_at > ${dbNow(tx)}`, [
    userId,
    purpose,
  ]);

/** The link with this selector, or undefined; `expired` by the database's clock. */
export async function findAccountToken(sql: Sql, selector: string): Promise<AccountTokenRow | undefined> {
  const row = await sql.get<Omit<AccountTokenRow, 'expired'> & { expired: number | boolean }>(
    `SELECT id, user_id, purpose, secret_hash, expires_at, used_at, CASE WHEN expires_at <= ${dbNow(sql)} THEN 1 ELSE 0 END AS expired FROM account_tokens WHERE selector = ?`,
    [selector],
  );
  return row && { ...row, expired: Number(row.expired) === 1 };
}

/**
 * Marks the link used, at the database's time; resolves to 1, or 0 when another request used it
 * first or it expired meanwhile by the database's clock (single use under races, no use after expiry).
 */
export const useAccountToken = (tx: Sql, id: number) => {
  const now = dbNow(tx);
  return tx.run(`UPDATE account_tokens SET used_at = ${now} WHERE id = ? AND used_at IS NULL AND expires_at > ${now}`, [id]);
};
