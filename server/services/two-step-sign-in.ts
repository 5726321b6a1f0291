import { randomBytes } from 'node:crypto';
import type { Sql } from '../db/sql.ts';
import { Refused, Unauthenticated } from '../runtime/domain-errors.ts';
import { newToken, sha256 } from '../lib/auth/passwords.ts';
import { recordActivity, type Who } from '../lib/activity/record.ts';
import { INACTIVE_ORGANISER } from '../lib/auth/session-cache.ts';
import { grants } from '../lib/auth/public-user.ts';
import * as q from '../db/queries/two-step.ts';
import { insertToken, loadAuthUser, type AuthUser } from '../db/queries/auth.ts';
import type { MfaInput, MfaRequired, SignedInAnswer } from '../../src/common/contract/two-step.ts';
import { CHALLENGE_GONE, CHALLENGE_MS, CODE_ATTEMPTS, CODE_JUST_USED, CODE_WRONG, type SignedInWith } from '../../src/common/two-step.ts';
import { spendUnderLock } from './two-step-codes.ts';
import { getUserLanguage, getUserTimeZone } from '../db/queries/user-language.ts';
import { timeZoneName } from '../../src/common/time-zone.ts';
import { isLocale } from '../../src/common/i18n/locales.ts';

/**
 * Signing in with two steps (docs/security.md "Two-step sign-in"): a right password for an
 * account with a second factor opens no session but a challenge (random, stored as its SHA-256,
 * CHALLENGE_MS by the database's clock, single use, bound to the user and the Remember Me
 * choice); POST login/mfa answers it with a code of the authenticator app or a recovery code.
 * Wrong answers: CODE_ATTEMPTS per challenge (then 429 until it expires) and the account's lock
 * of codes (services/two-step-codes.ts: CODE_LOCK_AFTER in a row, whatever the challenges). The
 * sign-in's activity rows are written with recordActivity, the user its own actor.
 */

/** A random challenge handed to a client (its SHA-256 is stored). */
export const newChallenge = () => randomBytes(32).toString('base64url');

/** Records that `user` signed in (the second step answered), by `who` (no session yet: the user is its own actor). */
export const recordSignedIn = (sql: Sql, who: Who, user: AuthUser) =>
  sql.transaction((tx) =>
    recordActivity(tx, who, { resource: 'session', action: 'sign_in', id: user.id, label: user.email, organiserId: user.companyId, changes: {} }),
  );

const HOUR = 3600_000;
/** Session lengths: 30 days with Remember Me, else 12 hours. */
export const SESSION_TTL = { remember: 30 * 24 * HOUR, session: 12 * HOUR };

/** Opens a session of `user` and answers as POST login does, `two_step_required` while a role requires a factor the user lacks. */
export async function openSignedIn(sql: Sql, user: AuthUser, remember: boolean, signedInWith: SignedInWith): Promise<SignedInAnswer> {
  if (!user.companyActive) throw new Refused(INACTIVE_ORGANISER);
  const token = newToken();
  await insertToken(sql, user.id, sha256(token), remember ? SESSION_TTL.remember : SESSION_TTL.session, signedInWith);
  const role = user.isCompany ? 'company' : (user.roles[0]?.name ?? '');
  const language = await getUserLanguage(sql, user.id);
  return {
    token,
    role,
    id: user.id,
    name: user.name,
    companyid: user.companyId,
    ...(await grants(user)),
    ...(user.twoStepPending ? { two_step_required: true } : {}),
    language: isLocale(language) ? language : null,
    time_zone: timeZoneName(await getUserTimeZone(sql, user.id)) ?? '',
  };
}

/**
 * The second step of a sign-in whose password was right, when `userId` has a factor; undefined
 * when it has none. `code` with the authenticator app, `recovery` while recovery codes are left
 * (a passkey-only account has them too), `passkey` with a passkey. While the account's codes are
 * locked, `methods` leaves out code and recovery and `codes_locked` says so (a passkey still
 * completes the step).
 */
export async function secondStep(sql: Sql, userId: number, remember: boolean): Promise<MfaRequired | undefined> {
  const f = await q.factorsOf(sql, userId);
  if (!f.totp && !f.passkeys) return undefined;
  const challenge = newChallenge();
  await q.insertChallenge(sql, { hash: sha256(challenge), purpose: 'mfa', userId, remember, ttlMs: CHALLENGE_MS });
  const recovery = f.totp || (await q.recoveryLeft(sql, userId)) > 0;
  const locked = recovery && (await q.codesLocked(sql, userId));
  const methods: MfaRequired['methods'] = [
    ...(f.totp && !locked ? (['code'] as const) : []),
    ...(recovery && !locked ? (['recovery'] as const) : []),
    ...(f.passkeys ? (['passkey'] as const) : []),
  ];
  return { mfa_required: true, challenge, methods, ...(locked ? { codes_locked: true } : {}) };
}

/**
 * The live challenge `challenge` of `purpose` with one more attempt counted: 401 CHALLENGE_GONE
 * when it is unknown, used or expired; `{ retryAfter }` (seconds until it expires) once
 * CODE_ATTEMPTS were made on it.
 */
export async function attemptOn(sql: Sql, challenge: string, purpose: string): Promise<{ retryAfter: number } | { row: q.ChallengeRow }> {
  const row = await q.liveChallenge(sql, sha256(challenge), purpose);
  if (!row) throw new Unauthenticated(CHALLENGE_GONE);
  if ((await q.countAttempt(sql, row.id, CODE_ATTEMPTS)) !== 1) return { retryAfter: Math.max(1, Math.ceil(Number(row.left_ms) / 1000)) };
  return { row };
}

/**
 * POST login/mfa {challenge, code}: the code of the authenticator app (its time-step not spent
 * before) or an unused recovery code opens the session (as POST login, signed in "password +
 * code", or "password + recovery code" answered with `recovery_codes_left`), spent under the
 * account's lock (services/two-step-codes.ts spendUnderLock) with the challenge. 401 CODE_WRONG
 * for a wrong code (counted and logged by `who`), 401 CODE_JUST_USED for a code of the step
 * accepted last (not counted; the challenge stays), 401 CHALLENGE_GONE, 403 TWO_STEP_LOCKED while
 * the account's codes are locked, 429 `{ retryAfter }` past the challenge's tries.
 */
export async function signInWithCode(
  sql: Sql,
  key: Buffer | null | undefined,
  v: MfaInput,
  who: Who,
): Promise<{ retryAfter: number } | { session: SignedInAnswer }> {
  const a = await attemptOn(sql, v.challenge ?? '', 'mfa');
  if (!('row' in a)) return a;
  const user = await loadAuthUser(sql, Number(a.row.user_id));
  if (!user) throw new Unauthenticated(CHALLENGE_GONE);
  // The challenge goes with the code that answered it; a parallel answer that won first leaves this one spent for nothing.
  const spent = await spendUnderLock(sql, key, user, v.code ?? '', who, async (tx) => {
    if ((await q.useChallenge(tx, a.row.id)) !== 1) throw new Unauthenticated(CHALLENGE_GONE);
  });
  if (spent === 'used') throw new Unauthenticated(CODE_JUST_USED);
  if (!spent) throw new Unauthenticated(CODE_WRONG);
  const remember = Number(a.row.remember) === 1;
  const session =
    spent === 'recovery'
      ? { ...(await openSignedIn(sql, user, remember, 'password_recovery')), recovery_codes_left: await q.recoveryLeft(sql, user.id) }
      : await openSignedIn(sql, user, remember, 'password_code');
  await recordSignedIn(sql, who, user);
  return { session };
}
