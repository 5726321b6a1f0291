import type { Sql } from '../db/sql.ts';
import { Invalid, NotFound, Refused } from '../runtime/domain-errors.ts';
import { parseBody } from '../lib/rules/parse-body.ts';
import { NewPasswordInput, type ChangePasswordInput, type ResetPasswordInput, type SignedIn } from '../../src/common/contract/admin.ts';
import { LINK_MESSAGES } from '../../src/common/mail-rules.ts';
import { describeUserAgent } from '../../src/common/user-agent.ts';
import { SIGNED_IN_WITH, type SignedInWith } from '../../src/common/two-step.ts';
import { hashPassword, newToken, sha256, verifyPassword } from '../lib/auth/passwords.ts';
import { checkLinkToken } from '../lib/auth/account-links.ts';
import { recordActivity, type Who } from '../lib/activity/record.ts';
import { readRecord } from '../lib/activity/activity-records.ts';
import { publicUser } from '../lib/auth/public-user.ts';
import { INACTIVE_ORGANISER } from '../lib/auth/session-cache.ts';
import { enqueueMail } from '../db/queries/outbox.ts';
import { useAccountToken } from '../db/queries/account-tokens.ts';
import { insertSession, liveSessions, passwordHashOf, revokeSession, revokeSessionsExcept, setName, setPasswordHash } from '../db/queries/sessions.ts';
import { loadAuthUser, type AuthUser } from '../db/queries/auth.ts';
import { factorsOf } from '../db/queries/two-step.ts';
import { TWO_STEP_AFTER_RESET } from '../../src/common/two-step.ts';
import { passkeyViews } from './passkeys.ts';

/**
 * Self-service account calls: what each does. Input arrives checked against
 * the contract (ForgotPasswordInput, LinkInput, ResetPasswordInput, AccountNameInput,
 * ChangePasswordInput); the new password's rule (NewPasswordInput) is checked here, after the
 * link or the throttle, as before. Tokens are stored hashed (sha256).
 */

/** A session opened by a link lasts as a sign-in without Remember Me: 12 hours. */
const SESSION_MS = 12 * 3600_000;
/** Where a session is opened from: the browser's User-Agent and the client's address. */
export interface Client {
  userAgent: string;
  ip: string;
}

/** Opens a new session of `user` and answers as POST login does (SignedIn). 403 for a user of an organiser that is not Active. */
export async function openSession(sql: Sql, user: AuthUser, client: Client): Promise<SignedIn> {
  if (!user.companyActive) throw new Refused(INACTIVE_ORGANISER);
  const token = newToken();
  await insertSession(sql, { userId: user.id, hash: sha256(token), ttlMs: SESSION_MS, userAgent: client.userAgent, ip: client.ip });
  const u = await publicUser(user);
  const role = user.isCompany ? 'company' : (user.roles[0]?.name ?? '');
  return { token, role, id: u.id, name: u.name, companyid: u.companyid, abilities: u.abilities, assignable_roles: u.assignable_roles };
}

/**
 * "Forgot password?": queues a reset e-mail to the address typed (lower-case), whether or not an
 * account has it: the sender finds the account when it writes the e-mail, so neither the answer
 * nor its timing tells.
 */
export const queueReset = (sql: Sql, email: string) => enqueueMail(sql, { kind: 'reset', to: email.trim().toLowerCase(), subject: 'Reset your password' });

/** What a link is: state valid | used | expired (database clock) | invalid, its purpose, and the account's e-mail and name when valid. */
export async function linkState(sql: Sql, token: string) {
  const { state, row } = await checkLinkToken(sql, token, ['reset', 'invite']);
  const user = state === 'valid' && row ? await loadAuthUser(sql, row.user_id) : undefined;
  return { state, purpose: row?.purpose ?? null, email: user?.email ?? null, name: user?.name ?? null };
}

/**
 * Sets the password through a reset or invitation link: the link must be valid (else 422 on
 * `token` with LINK_MESSAGES' words and `data.state`; expiry by the database's clock), then the
 * password follows NewPasswordInput. In one transaction the link is used (a second use loses the
 * race: "used"), the password set, every session of the user ended and its activity row written
 * (`who` has no session: the user is its own actor; password_set or password_reset); then a
 * session is opened for `client`.
 * Resolves to the session and the message ("Your password is set. Welcome!" for an invitation);
 * for an account with two-step sign-in no session (null): the user signs in with the new
 * password and the second step (docs/security.md "Two-step sign-in").
 */
export async function setByLink(sql: Sql, who: Who, v: ResetPasswordInput, client: Client) {
  const refuse = (state: 'used' | 'expired' | 'invalid') => new Invalid({ token: [LINK_MESSAGES[state]] }, { state });
  const first = await checkLinkToken(sql, v.token ?? '', ['reset', 'invite']);
  if (first.state !== 'valid') throw refuse(first.state);
  const { password } = parseBody(NewPasswordInput, v);
  const hash = await hashPassword(password);
  const row = first.row!;
  const won = await sql.transaction(async (tx) => {
    if ((await useAccountToken(tx, row.id)) !== 1) return false;
    await setPasswordHash(tx, row.user_id, hash);
    await revokeSessionsExcept(tx, row.user_id, '');
    const user = await tx.get<{ name: string; company_id: number | null }>('SELECT name, company_id FROM users WHERE id = ?', [row.user_id]);
    await recordActivity(tx, who, {
      resource: 'users',
      action: row.purpose === 'invite' ? 'password_set' : 'password_reset',
      id: row.user_id,
      label: user?.name ?? '',
      organiserId: user?.company_id ?? null,
      changes: { password_hash: 'changed' },
    });
    return true;
  });
  if (!won) throw refuse('used');
  const user = await loadAuthUser(sql, row.user_id);
  if (!user) throw refuse('invalid');
  // The link proves the mailbox, not the second factor: an account with one signs in with both.
  const f = await factorsOf(sql, user.id);
  if (f.totp || f.passkeys) return { session: null, message: TWO_STEP_AFTER_RESET };
  return { session: await openSession(sql, user, client), message: row.purpose === 'invite' ? 'Your password is set. Welcome!' : 'Your password was changed.' };
}

/** The caller's own account: id, name, e-mail (read-only), whether an organiser's. */
export const accountOf = (u: AuthUser, name = u.name) => ({ id: u.id, name, email: u.email, organiser: u.isCompany });

/** Renames the caller (the name checked by AccountNameInput) with its activity row by `who`; resolves to the account. */
export async function rename(sql: Sql, u: AuthUser, who: Who, name: string) {
  await sql.transaction(async (tx) => {
    const before = await readRecord(tx, 'users', u.id, { lock: true });
    await setName(tx, u.id, name.trim());
    if (before)
      await recordActivity(tx, who, { resource: 'users', action: 'update', id: u.id, label: name.trim(), before, after: { ...before, name: name.trim() } });
  });
  return accountOf(u, name.trim());
}

const decoyHash = hashPassword('decoy-password-for-timing');
/**
 * Change password (the caller already throttled): the new one follows NewPasswordInput, the
 * current one must be right (422 on `current_password`, same cost either way); every other
 * session of the caller ends, `keepToken` (this session's token hash) stays; the activity row by
 * `who` says only that the password changed. Resolves to { ended, passkeys }: the passkeys still
 * sign in without the password, so the owner is shown them to remove any not theirs.
 */
export async function changePassword(sql: Sql, u: AuthUser, who: Who, v: ChangePasswordInput, keepToken: string) {
  const { password } = parseBody(NewPasswordInput, v);
  const stored = (await passwordHashOf(sql, u.id)) ?? '';
  if (!(await verifyPassword(v.current_password, stored || (await decoyHash))) || !stored)
    throw new Invalid({ current_password: ['The current password is not right.'] });
  const hash = await hashPassword(password);
  const ended = await sql.transaction(async (tx) => {
    await setPasswordHash(tx, u.id, hash);
    await recordActivity(tx, who, {
      resource: 'users',
      action: 'password_change',
      id: u.id,
      label: u.name,
      organiserId: u.companyId,
      changes: { password_hash: 'changed' },
    });
    return revokeSessionsExcept(tx, u.id, keepToken);
  });
  return { ended, passkeys: await passkeyViews(sql, u.id) };
}

/** The caller's signed-in browsers: browser, OS, address, sign-in and last use (ms), `current` for the one whose token hash is `mine`. */
export async function sessions(sql: Sql, u: AuthUser, mine: string) {
  return (await liveSessions(sql, u.id)).map((r) => ({
    id: r.id,
    ...describeUserAgent(r.user_agent),
    ip: r.ip,
    created_at: Number(r.created_at),
    last_used_at: r.last_used_at === null ? null : Number(r.last_used_at),
    current: r.token_hash === mine,
    signed_in_with: (r.signed_in_with in SIGNED_IN_WITH ? r.signed_in_with : 'password') as SignedInWith,
  }));
}
/** Signs out one of the caller's sessions (404 when it is not theirs or already ended). */
export async function endSession(sql: Sql, u: AuthUser, id: number) {
  if (!id || (await revokeSession(sql, u.id, id)) !== 1) throw new NotFound('Session');
}
/** Signs out every session of the caller but `mine` (a token hash); resolves to { ended, passkeys } (the passkeys still sign in: changePassword). */
export const endOthers = async (sql: Sql, u: AuthUser, mine: string) => ({
  ended: await revokeSessionsExcept(sql, u.id, mine),
  passkeys: await passkeyViews(sql, u.id),
});
