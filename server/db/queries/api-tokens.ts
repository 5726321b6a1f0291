import type { Sql } from '../sql.ts';
import { dbNow } from '../clock.ts';

/**
 * The rows of `api_tokens` (migration 039): a user's API tokens, by the SHA-256 of their secret.
 * Times are ms since 1970; expiry is judged by the database's clock (db/clock.ts), as sessions are.
 */

/** One token row as the owner's list and the services read it (never the hash). */
export interface ApiTokenRow {
  id: number;
  user_id: number;
  name: string;
  prefix: string;
  scopes: string;
  created_at: number;
  expires_at: number;
  last_used_at: number | null;
  last_used_ip: string;
  expired: number;
}

const COLUMNS = `id, user_id, name, prefix, scopes, created_at, expires_at, last_used_at, last_used_ip`;

/** Stores a new token of `userId`; resolves to its id. */
export async function insertApiToken(
  tx: Sql,
  t: { userId: number; name: string; prefix: string; hash: string; scopes: string; createdAt: number; expiresAt: number },
): Promise<number> {
  const row = await tx.get<{ id: number }>(
    'INSERT INTO api_tokens (user_id, name, prefix, token_hash, scopes, created_at, expires_at) VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING id',
    [t.userId, t.name, t.prefix, t.hash, t.scopes, t.createdAt, t.expiresAt],
  );
  return Number(row!.id);
}

/** The user's tokens not revoked (expired ones included, `expired` 1), newest first; at most `limit`. */
export const userApiTokens = (sql: Sql, userId: number, limit: number) =>
  sql.all<ApiTokenRow>(
    `SELECT ${COLUMNS}, CASE WHEN expires_at <= ${dbNow(sql)} THEN 1 ELSE 0 END AS expired FROM api_tokens
     WHERE user_id = ? AND revoked_at IS NULL ORDER BY id DESC LIMIT ?`,
    [userId, limit],
  );

/** How many live tokens (not revoked, not expired) the user holds. */
export async function liveApiTokenCount(sql: Sql, userId: number): Promise<number> {
  const r = await sql.get<{ n: number }>(`SELECT COUNT(*) AS n FROM api_tokens WHERE user_id = ? AND revoked_at IS NULL AND expires_at > ${dbNow(sql)}`, [
    userId,
  ]);
  return Number(r?.n ?? 0);
}

/** The user's token `id` not yet revoked, or undefined (another user's reads as none). */
export const ownApiToken = (sql: Sql, userId: number, id: number) =>
  sql.get<ApiTokenRow>(`SELECT ${COLUMNS}, 0 AS expired FROM api_tokens WHERE id = ? AND user_id = ? AND revoked_at IS NULL`, [id, userId]);

/** Marks token `id` revoked now; resolves to 1, or 0 when it already was. */
export const revokeApiToken = (tx: Sql, id: number, at: number) => tx.run('UPDATE api_tokens SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL', [at, id]);

/** The live token (not revoked, not expired by the database's clock) whose secret hashes to `hash`, or undefined. */
export const liveApiToken = (sql: Sql, hash: string) =>
  sql.get<Pick<ApiTokenRow, 'id' | 'user_id' | 'name' | 'prefix' | 'scopes' | 'last_used_at' | 'last_used_ip'>>(
    `SELECT id, user_id, name, prefix, scopes, last_used_at, last_used_ip FROM api_tokens WHERE token_hash = ? AND revoked_at IS NULL AND expires_at > ${dbNow(sql)}`,
    [hash],
  );

/** Records a call of token `id` at `at` from `ip`; declared as its own resource, which no kept list answer reads (Sql.run `changes`). */
export const touchApiToken = (sql: Sql, id: number, at: number, ip: string) =>
  sql.run('UPDATE api_tokens SET last_used_at = ?, last_used_ip = ? WHERE id = ?', [at, ip, id], ['api_token_use']);
