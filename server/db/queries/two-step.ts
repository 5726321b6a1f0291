import type { Sql } from '../sql.ts';
import { dbNow } from '../clock.ts';

/**
 * Rows of two-step sign-in (migration 025; services/two-step.ts holds the rules): the
 * authenticator secret (sealed), recovery code hashes, passkeys and the pending challenges of a
 * sign-in or passkey ceremony. Times are ms since 1970; challenge expiry by the database's clock.
 */

/** A user's authenticator app: the sealed secret, when confirmed (null: enrolment pending), the last accepted step. */
export interface TotpRow {
  secret: string;
  confirmed_at: number | null;
  last_step: number;
}
/** A stored passkey. */
export interface PasskeyRow {
  id: number;
  user_id: number;
  credential_id: string;
  public_key: string;
  counter: number;
  transports: string;
  name: string;
  created_at: number;
  last_used_at: number | null;
}
/** A pending challenge. */
export interface ChallengeRow {
  id: number;
  purpose: string;
  user_id: number | null;
  remember: number;
  webauthn: string;
  failures: number;
  expires_at: number;
}

export const totpOf = (sql: Sql, userId: number) => sql.get<TotpRow>('SELECT secret, confirmed_at, last_step FROM two_step_totp WHERE user_id = ?', [userId]);

/** Starts (or restarts) an enrolment: the sealed secret, not yet confirmed. Never replaces a confirmed one (resolves 0 then). */
export async function startTotp(sql: Sql, userId: number, sealed: string) {
  await sql.run('DELETE FROM two_step_totp WHERE user_id = ? AND confirmed_at IS NULL', [userId]);
  return sql.run('INSERT INTO two_step_totp (user_id, secret, created_at) VALUES (?, ?, ?) ON CONFLICT (user_id) DO NOTHING', [userId, sealed, Date.now()]);
}

/** Confirms a pending enrolment at time-step `step` (that code is then spent); resolves 1, or 0 when none was pending. */
export const confirmTotp = (sql: Sql, userId: number, step: number) =>
  sql.run('UPDATE two_step_totp SET confirmed_at = ?, last_step = ? WHERE user_id = ? AND confirmed_at IS NULL', [Date.now(), step, userId]);

/** Spends time-step `step` of a confirmed authenticator: 1 when it is newer than every step accepted before, else 0 (a replay). */
export const acceptStep = (sql: Sql, userId: number, step: number) =>
  sql.run('UPDATE two_step_totp SET last_step = ? WHERE user_id = ? AND confirmed_at IS NOT NULL AND last_step < ?', [step, userId, step]);

/** Replaces a confirmed authenticator's secret by `sealed`, confirmed now at time-step `step` (that code spent); resolves 1, or 0 when none was on. */
export const replaceTotp = (sql: Sql, userId: number, sealed: string, step: number) =>
  sql.run('UPDATE two_step_totp SET secret = ?, confirmed_at = ?, last_step = ? WHERE user_id = ? AND confirmed_at IS NOT NULL', [
    sealed,
    Date.now(),
    step,
    userId,
  ]);

/**
 * The user's replacement authenticator awaiting its first code: the newest live challenge of
 * purpose `totp_replace`, whose `webauthn` field holds the new secret, sealed. Undefined when none.
 */
export const pendingReplacement = (sql: Sql, userId: number) =>
  sql.get<ChallengeRow>(
    `SELECT id, purpose, user_id, remember, webauthn, failures, expires_at FROM two_step_challenges
    WHERE purpose = 'totp_replace' AND user_id = ? AND used_at IS NULL AND expires_at > ${dbNow(sql)} ORDER BY id DESC LIMIT 1`,
    [userId],
  );

/** How the session of this token hash signed in (tokens.signed_in_with) and when; undefined when there is none. */
export const sessionSignIn = (sql: Sql, tokenHash: string) =>
  sql.get<{ signed_in_with: string; created_at: number }>('SELECT signed_in_with, created_at FROM tokens WHERE token_hash = ?', [tokenHash]);

/** Replaces the user's recovery codes by these hashes. */
export async function replaceRecoveryCodes(sql: Sql, userId: number, hashes: string[]) {
  await sql.run('DELETE FROM two_step_recovery WHERE user_id = ?', [userId]);
  await sql.runMany(
    'INSERT INTO two_step_recovery (user_id, code_hash) VALUES (?, ?)',
    hashes.map((h) => [userId, h]),
  );
}

/** Spends the unused recovery code hashed `hash` of the user: 1, or 0 when there is none. */
export const useRecoveryCode = (sql: Sql, userId: number, hash: string) =>
  sql.run(
    `UPDATE two_step_recovery SET used_at = ? WHERE id = (SELECT id FROM two_step_recovery WHERE user_id = ? AND code_hash = ? AND used_at IS NULL ORDER BY id LIMIT 1) AND used_at IS NULL`,
    [Date.now(), userId, hash],
  );

/** How many recovery codes of the user are unused. */
export const recoveryLeft = async (sql: Sql, userId: number) =>
  Number((await sql.get<{ n: number }>('SELECT COUNT(*) AS n FROM two_step_recovery WHERE user_id = ? AND used_at IS NULL', [userId]))?.n ?? 0);

/** Ends the user's replacement authenticator awaiting its first code (pendingReplacement), if any. */
export const endReplacement = (sql: Sql, userId: number) =>
  sql.run("UPDATE two_step_challenges SET used_at = ? WHERE purpose = 'totp_replace' AND user_id = ? AND used_at IS NULL", [Date.now(), userId]);

/** Removes the authenticator app alone, with any replacement awaiting its first code (recovery codes and passkeys stay). */
export async function removeTotp(sql: Sql, userId: number) {
  await endReplacement(sql, userId);
  return sql.run('DELETE FROM two_step_totp WHERE user_id = ?', [userId]);
}
/** Removes the user's recovery codes. */
export const removeRecoveryCodes = (sql: Sql, userId: number) => sql.run('DELETE FROM two_step_recovery WHERE user_id = ?', [userId]);

/** Removes the authenticator app (with any replacement awaiting its first code) and recovery codes (`passkeys` too: every factor); resolves to how many rows went. */
export async function removeFactors(sql: Sql, userId: number, passkeys: boolean) {
  await endReplacement(sql, userId);
  let n = await sql.run('DELETE FROM two_step_totp WHERE user_id = ?', [userId]);
  n += await sql.run('DELETE FROM two_step_recovery WHERE user_id = ?', [userId]);
  if (passkeys) n += await sql.run('DELETE FROM passkeys WHERE user_id = ?', [userId]);
  return n;
}

/** The user's passkeys, oldest first. */
export const passkeysOf = (sql: Sql, userId: number) => sql.all<PasskeyRow>('SELECT * FROM passkeys WHERE user_id = ? ORDER BY id', [userId]);
/** The passkey of this credential id, whoever's. */
export const passkeyByCredential = (sql: Sql, credentialId: string) => sql.get<PasskeyRow>('SELECT * FROM passkeys WHERE credential_id = ?', [credentialId]);
/** Stores a passkey; resolves to its id. */
export async function insertPasskey(sql: Sql, p: Omit<PasskeyRow, 'id' | 'created_at' | 'last_used_at'>) {
  const row = await sql.get<{ id: number }>(
    'INSERT INTO passkeys (user_id, credential_id, public_key, counter, transports, name, created_at) VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING id',
    [p.user_id, p.credential_id, p.public_key, p.counter, p.transports, p.name, Date.now()],
  );
  return Number(row!.id);
}
/** Notes a passkey's use and its new signature counter. */
export const passkeyUsed = (sql: Sql, id: number, counter: number) =>
  sql.run('UPDATE passkeys SET counter = ?, last_used_at = ? WHERE id = ?', [counter, Date.now(), id]);
/** Removes passkey `id` of the user: 1, or 0 when it is not theirs. */
export const deletePasskey = (sql: Sql, userId: number, id: number) => sql.run('DELETE FROM passkeys WHERE id = ? AND user_id = ?', [id, userId]);

/** Whether the user has a second factor: a confirmed authenticator app or a passkey. */
export async function factorsOf(sql: Sql, userId: number) {
  const r = await sql.get<{ totp: number; passkeys: number }>(
    `SELECT (SELECT COUNT(*) FROM two_step_totp WHERE user_id = ? AND confirmed_at IS NOT NULL) AS totp, (SELECT COUNT(*) FROM passkeys WHERE user_id = ?) AS passkeys`,
    [userId, userId],
  );
  return { totp: Number(r?.totp ?? 0) > 0, passkeys: Number(r?.passkeys ?? 0) };
}

/** Stores a challenge by its hash, valid `ttlMs` from now by the database's clock; now and then sweeps long-ended ones. */
export async function insertChallenge(
  sql: Sql,
  c: { hash: string; purpose: string; userId: number | null; remember: boolean; webauthn?: string; ttlMs: number },
) {
  if (Math.random() < 0.02) await sql.run(`DELETE FROM two_step_challenges WHERE expires_at < ${dbNow(sql)} - 86400000`);
  await sql.run(
    `INSERT INTO two_step_challenges (challenge_hash, purpose, user_id, remember, webauthn, expires_at) VALUES (?, ?, ?, ?, ?, ${dbNow(sql)} + ?)`,
    [c.hash, c.purpose, c.userId, c.remember ? 1 : 0, c.webauthn ?? '', c.ttlMs],
  );
}

/** The live challenge (unused, not expired) of this hash and purpose, with ms left; undefined otherwise. */
export const liveChallenge = (sql: Sql, hash: string, purpose: string) =>
  sql.get<ChallengeRow & { left_ms: number }>(
    `SELECT id, purpose, user_id, remember, webauthn, failures, expires_at, expires_at - ${dbNow(sql)} AS left_ms FROM two_step_challenges
    WHERE challenge_hash = ? AND purpose = ? AND used_at IS NULL AND expires_at > ${dbNow(sql)}`,
    [hash, purpose],
  );

/** Counts one attempt on challenge `id` while fewer than `limit` were made: 1, or 0 when the limit is reached (or it was used). */
export const countAttempt = (sql: Sql, id: number, limit: number) =>
  sql.run('UPDATE two_step_challenges SET failures = failures + 1 WHERE id = ? AND failures < ? AND used_at IS NULL', [id, limit]);

/** Uses challenge `id` up: 1, or 0 when it was used already (a parallel answer won). */
export const useChallenge = (sql: Sql, id: number) =>
  sql.run(`UPDATE two_step_challenges SET used_at = ? WHERE id = ? AND used_at IS NULL AND expires_at > ${dbNow(sql)}`, [Date.now(), id]);

/**
 * The user's code guard row (migration 035), made when missing and locked for this transaction
 * (a no-op UPDATE takes the row lock on PostgreSQL; SQLite runs one writing transaction at a
 * time): parallel code attempts of one user are judged one after the other.
 */
export async function lockGuard(tx: Sql, userId: number) {
  await tx.run('INSERT INTO two_step_guard (user_id, wrong) VALUES (?, 0) ON CONFLICT (user_id) DO NOTHING', [userId]);
  const row = await tx.get<{ wrong: number; locked_at: number | null }>(
    'UPDATE two_step_guard SET wrong = wrong WHERE user_id = ? RETURNING wrong, locked_at',
    [userId],
  );
  return { wrong: Number(row?.wrong ?? 0), locked: row?.locked_at != null };
}
/** Counts one more wrong code of the user, locking codes once `lockAt` came in a row; resolves to the count in a row. */
export async function countWrongCode(tx: Sql, userId: number, lockAt: number) {
  const row = await tx.get<{ wrong: number }>(
    'UPDATE two_step_guard SET wrong = wrong + 1, locked_at = CASE WHEN wrong + 1 >= ? AND locked_at IS NULL THEN ? ELSE locked_at END WHERE user_id = ? RETURNING wrong',
    [lockAt, Date.now(), userId],
  );
  return Number(row?.wrong ?? 0);
}
/** A right code: the count of wrong ones in a row starts again. */
export const rightCode = (tx: Sql, userId: number) => tx.run('UPDATE two_step_guard SET wrong = 0 WHERE user_id = ? AND wrong <> 0', [userId]);
/** Unlocks the user's codes (the count starts again): 1, or 0 when they were not locked. */
export const unlockCodes = (tx: Sql, userId: number) =>
  tx.run('UPDATE two_step_guard SET wrong = 0, locked_at = NULL WHERE user_id = ? AND locked_at IS NOT NULL', [userId]);
/** Whether the user's codes are locked. */
export const codesLocked = async (sql: Sql, userId: number) =>
  !!(await sql.get('SELECT 1 AS x FROM two_step_guard WHERE user_id = ? AND locked_at IS NOT NULL', [userId]));
