import type { Sql } from '../sql.ts';
import { dbNow } from '../clock.ts';
import type { SignedInWith } from '../../../src/common/two-step.ts';

/**
 * Sessions (the `tokens` table) as My account → Sessions sees them, and the writes
 * a password set through a link or My account makes. Times are ms since 1970.
 */

/** One signed-in browser: its row id, browser (User-Agent, ≤ 400 characters), address, sign-in and last use. */
export interface SessionRow {
  id: number;
  user_agent: string;
  ip: string;
  created_at: number;
  last_used_at: number | null;
  token_hash: string;
  signed_in_with: string;
}

/** Longest User-Agent kept, in characters. */
export const USER_AGENT_MAX = 400;

/**
 * Stores a new session of `userId` (the token's SHA-256 `hash`), valid for `ttlMs` from now by
 * the database's clock, noting the browser and address it was opened from.
 */
export const insertSession = (sql: Sql, s: { userId: number; hash: string; ttlMs: number; userAgent: string; ip: string; signedInWith?: SignedInWith }) =>
  sql.run(
    `INSERT INTO tokens (user_id, token_hash, expires_at, created_at, user_agent, ip, last_used_at, signed_in_with) VALUES (?, ?, ${dbNow(sql)} + ?, ?, ?, ?, ?, ?)`,
    [s.userId, s.hash, s.ttlMs, Date.now(), s.userAgent.slice(0, USER_AGENT_MAX), s.ip.slice(0, 100), Date.now(), s.signedInWith ?? 'password'],
  );

// Sessions this process noted in the last minute (hash -> ms): most requests then cost no statement.
const touched = new Map<string, number>();

/** True when touchSession would write for session `hash` now (not noted by this process in the last minute): callers skip reading the browser and address otherwise. */
export const sessionTouchDue = (hash: string, now = Date.now()) => (touched.get(hash) ?? 0) <= now - 60_000;

/** The resource a session's last use changes (Sql.declare): no kept list answer reads it, so a touch ends none. */
export const SESSION_USE = 'session_use';

/**
 * Notes that the session `hash` was used now from `userAgent` at `ip`; written at most once a
 * minute per session and process (a signed-in request costs no write otherwise). The write
 * declares SESSION_USE: an undeclared write would end every answer the answer cache keeps, once
 * a minute for each signed-in browser.
 */
export async function touchSession(sql: Sql, hash: string, userAgent: string, ip: string, now = Date.now()) {
  if (!sessionTouchDue(hash, now)) return;
  if (touched.size >= 10_000) touched.clear();
  touched.set(hash, now);
  await sql.run(
    'UPDATE tokens SET last_used_at = ?, user_agent = ?, ip = ? WHERE token_hash = ?',
    [now, userAgent.slice(0, USER_AGENT_MAX), ip.slice(0, 100), hash],
    [SESSION_USE],
  );
}

/** The live sessions of `userId` (not revoked, not expired), most recently used first. */
export const liveSessions = (sql: Sql, userId: number) =>
  sql.all<SessionRow>(
    `SELECT id, user_agent, ip, created_at, last_used_at, token_hash, signed_in_with FROM tokens
   WHERE user_id = ? AND revoked_at IS NULL AND expires_at > ${dbNow(sql)} ORDER BY COALESCE(last_used_at, created_at) DESC, id DESC`,
    [userId],
  );

/** Signs out the session `id` of `userId`; resolves to 1, or 0 when it is not that user's live session. */
export const revokeSession = (sql: Sql, userId: number, id: number) =>
  sql.run('UPDATE tokens SET revoked_at = ? WHERE id = ? AND user_id = ? AND revoked_at IS NULL', [Date.now(), id, userId]);

/** Signs out every session of `userId` but the one hashed `keepHash` ('' keeps none); resolves to how many ended. */
export const revokeSessionsExcept = (sql: Sql, userId: number, keepHash: string) =>
  sql.run('UPDATE tokens SET revoked_at = ? WHERE user_id = ? AND token_hash <> ? AND revoked_at IS NULL', [Date.now(), userId, keepHash]);

/** Sets the password hash of `userId` (a reset, an accepted invitation, My account). */
export const setPasswordHash = (sql: Sql, userId: number, hash: string) => sql.run('UPDATE users SET password_hash = ? WHERE id = ?', [hash, userId]);

/** The stored password hash of `userId` ('' for an invited user who has none yet), or undefined. */
export const passwordHashOf = async (sql: Sql, userId: number) =>
  (await sql.get<{ password_hash: string }>('SELECT password_hash FROM users WHERE id = ?', [userId]))?.password_hash;

/** Renames `userId` (My account). */
export const setName = (sql: Sql, userId: number, name: string) => sql.run('UPDATE users SET name = ? WHERE id = ?', [name, userId]);

/** True when the live session hashed `hash` was opened (signed in) at most `ms` ago, by the app clock its `created_at` was written with. */
export const signedInWithin = async (sql: Sql, hash: string, ms: number, now = Date.now()) =>
  !!(await sql.get<{ id: number }>(`SELECT id FROM tokens WHERE token_hash = ? AND revoked_at IS NULL AND expires_at > ${dbNow(sql)} AND created_at >= ?`, [
    hash,
    now - ms,
  ]));
