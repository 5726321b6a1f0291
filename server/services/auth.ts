import type { Sql } from '../db/sql.ts';
import { Busy, Refused, Unauthenticated } from '../runtime/domain-errors.ts';
import { parseBody } from '../lib/rules/parse-body.ts';
import { LoginCredentials, type LoginInput, type MfaRequired, type SignedInAnswer } from '../../src/common/contract/admin.ts';
import { hashPassword, needsRehash, verifyPassword } from '../lib/auth/passwords.ts';
import { openSignedIn, secondStep } from './two-step-sign-in.ts';
import { judged, takeAttempt } from '../lib/auth/sign-in-throttle.ts';
import { INACTIVE_ORGANISER } from '../lib/auth/session-cache.ts';
import { mayOpen } from '../lib/auth/screens.ts';
import { screenOf } from '../lib/rules/screens.ts';
import * as q from '../db/queries/auth.ts';
import type { AuthUser } from '../db/queries/auth.ts';

/**
 * Sign-in, sign-out and the session's own reads (admin-area §2, §7; DESIGN.md §3): what each
 * call does. POST login's body arrives checked for size (contract LoginInput); the attempt is
 * let through the throttle (lib/auth/sign-in-throttle.ts) before the credentials are checked
 * (LoginCredentials) and the password compared, so parallel guesses cannot all slip under the
 * limits, and settled by the check's outcome: only failures count.
 */

// Compared against when the e-mail is unknown, so both paths cost one Argon2id check.
const decoy = hashPassword('decoy-password');

/**
 * Signs in from client address `ip`: { retryAfter } (seconds) when throttled, else the new
 * session (SignedIn; 30 days with `remember_me` 1/true/on, else 12 hours). Invalid (422) for a
 * missing or bad e-mail or password, Unauthenticated (401) for wrong credentials (an invited user
 * without a password too, at the same cost), Refused (403) for a user of an organiser that is not
 * Active. An older (scrypt) hash is upgraded to Argon2id now that the password is known, unless
 * the hash slots are full (Busy 'throttled').
 * An account with a second factor gets no session but `{ mfa }`, the second step
 * (services/two-step-sign-in.ts, POST login/mfa).
 */
export async function signIn(sql: Sql, v: LoginInput, ip: string): Promise<{ retryAfter: number } | { session: SignedInAnswer } | { mfa: MfaRequired }> {
  const attempt = await takeAttempt(sql, v.email ?? '', ip);
  if ('retryAfter' in attempt) return attempt;
  const { row, password } = await judged(sql, attempt, async () => {
    const { email, password } = parseBody(LoginCredentials, v);
    const row = await q.findUserByEmail(sql, email);
    const good = (await verifyPassword(password, row?.password_hash || (await decoy))) && !!row?.password_hash;
    if (!row || !good) throw new Unauthenticated('These credentials do not match our records.');
    return { row, password };
  });
  if (needsRehash(row.password_hash)) {
    const fresh = await hashPassword(password).catch((e: unknown) => {
      if (e instanceof Busy && e.kind === 'throttled') return null;
      throw e;
    });
    if (fresh) await q.upgradePasswordHash(sql, row.id, row.password_hash, fresh);
  }
  const user = (await q.loadAuthUser(sql, row.id))!;
  if (!user.companyActive) throw new Refused(INACTIVE_ORGANISER);
  const remember = ['1', 'true', 'on'].includes(String(v.remember_me ?? ''));
  const mfa = await secondStep(sql, user.id, remember);
  if (mfa) return { mfa };
  return { session: await openSignedIn(sql, user, remember, 'password') };
}

/** Ends the session whose token hash is `hash`. */
export const signOut = (sql: Sql, hash: string) => q.revokeToken(sql, hash);

/** The user's active admin menus (an organiser's user: none). */
export async function liveMenus(sql: Sql, u: AuthUser) {
  return {
    live_adminmenus: u.isCompany
      ? []
      : await q.liveMenus(
          sql,
          u.roles.map((r) => r.id),
        ),
  };
}

/** Whether `u` may open the admin screen of client route `route`: the dashboard (/admin) every staff user; an organiser never. */
export async function mayOpenRoute(sql: Sql, u: AuthUser, route: string) {
  const screen = screenOf(route);
  return u.isCompany ? false : screen === '' ? true : mayOpen(sql, u, screen);
}
