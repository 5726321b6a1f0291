import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { AppEnv } from '../context.ts';
import { ApiError, notFound, validationError } from '../http-error.ts';
import { errorEnvelope } from '../lib/http/error-envelope.ts';
import { ok, readBody, toId } from '../lib/http/envelope.ts';
import { email, maxLength, required, str, validate } from '../lib/http/validate.ts';
import { EMAIL_MAX_LENGTH } from '../../src/common/email.ts';
import { passwordProblem } from '../../src/common/password.ts';
import { CONFIRM_MESSAGE, LINK_MESSAGES, RESET_SENT_MESSAGE, hasLineBreak, lineBreakMessage } from '../../src/common/mail-rules.ts';
import { describeUserAgent } from '../../src/common/user-agent.ts';
import { hashPassword, newToken, sha256, verifyPassword } from '../lib/auth/passwords.ts';
import { checkLinkToken } from '../lib/auth/account-links.ts';
import { throttle } from '../lib/auth/link-throttle.ts';
import { clientAddress } from '../lib/http/client-address.ts';
import { bearer, INACTIVE_ORGANISER, requireUser } from '../middleware/auth.ts';
import { publicUser } from '../lib/http/public-user.ts';
import { enqueueMail } from '../db/queries/outbox.ts';
import { useAccountToken } from '../db/queries/account-tokens.ts';
import { insertSession, liveSessions, passwordHashOf, revokeSession, revokeSessionsExcept, setName, setPasswordHash } from '../db/queries/sessions.ts';
import { loadAuthUser, type AuthUser } from '../db/queries/auth.ts';
import { recordActivity } from '../lib/activity/activity.ts';

/** Largest body of these calls in bytes: an e-mail, a token and two passwords at their longest, with room. */
const SMALL_BODY = 64 * 1024;
/** Longest password accepted when setting one, in characters (as at sign-in, docs/security.md). */
const PASSWORD_MAX = 4096;
/** A session opened by a link lasts as a sign-in without Remember Me: 12 hours. */
const SESSION_MS = 12 * 3600_000;

const small = bodyLimit({ maxSize: SMALL_BODY, onError: (c) => errorEnvelope(c, 413, 'The request is too large.') });

/**
 * Opens a new session of `user` for this browser and answers as POST login does: token, role,
 * id, name, companyid, abilities, assignable_roles. Throws 403 for a user of an organiser that is
 * not Active (its password is set all the same).
 */
export async function openSession(c: Context<AppEnv>, user: AuthUser, message: string) {
  if (!user.companyActive) throw new ApiError(403, INACTIVE_ORGANISER);
  const token = newToken();
  await insertSession(c.var.sql, { userId: user.id, hash: sha256(token), ttlMs: SESSION_MS, userAgent: c.req.header('user-agent') ?? '', ip: clientAddress(c, c.var.config.trustProxy) });
  const u = await publicUser(user);
  const role = user.isCompany ? 'company' : (user.roles[0]?.name ?? '');
  return ok(c, { token, role, id: u.id, name: u.name, companyid: u.companyid, abilities: u.abilities, assignable_roles: u.assignable_roles }, message);
}

/** Checks a new password and its confirmation (the spec's rule, common/password.ts); throws 422 naming the field. */
export function checkNewPassword(body: Record<string, unknown>, field = 'password') {
  validate(body, { [field]: [required, maxLength(PASSWORD_MAX)] });
  const password = str(body, field);
  const problem = passwordProblem(password);
  if (problem) throw validationError({ [field]: [problem] });
  if (str(body, `${field}_confirmation`) !== password) throw validationError({ [`${field}_confirmation`]: [CONFIRM_MESSAGE] });
  return password;
}

/**
 * "Forgot password?" (issue 20 §2, §6): queues a reset e-mail to the address typed and answers
 * RESET_SENT_MESSAGE whether or not an account has it. The request does the same work either way
 * (no lookup here: the sender finds the account when it writes the e-mail, and skips the row when
 * there is none), so neither the answer nor its timing tells. Throttled per address typed and per
 * client address (429). The sender is not woken: it picks the row up on its next pass, so its work
 * for a known address never overlaps this answer.
 */
async function forgot(c: Context<AppEnv>) {
  const body = await readBody(c);
  validate(body, { email: [required, maxLength(EMAIL_MAX_LENGTH), email] });
  const to = str(body, 'email').trim().toLowerCase();
  await throttle(c, 'link', to);
  await enqueueMail(c.var.sql, { kind: 'reset', to, subject: 'Reset your password' });
  return ok(c, null, RESET_SENT_MESSAGE);
}

/** What a link is (for its page, before the password is typed): state valid | used | expired | invalid, its purpose, and the account's e-mail when valid. */
async function linkState(c: Context<AppEnv>) {
  const body = await readBody(c);
  const { state, row } = await checkLinkToken(c.var.sql, str(body, 'token'), c.var.config.now());
  const user = state === 'valid' && row ? await loadAuthUser(c.var.sql, row.user_id) : undefined;
  return ok(c, { state, purpose: row?.purpose ?? null, email: user?.email ?? null, name: user?.name ?? null });
}

/**
 * Sets the password through a reset or invitation link (issue 20 §2, §3): the link must be valid
 * (else 422 on `token` with LINK_MESSAGES' words and `data.state`), the password the spec's rule
 * and its confirmation equal. In one transaction the link is used (a second use loses the race:
 * "used"), the password set and every session of the user ended; then this browser is signed in.
 */
async function setByLink(c: Context<AppEnv>) {
  const body = await readBody(c);
  validate(body, { token: [maxLength(200)] });
  const sql = c.var.sql;
  const refuse = (state: 'used' | 'expired' | 'invalid') => new ApiError(422, LINK_MESSAGES[state], { token: [LINK_MESSAGES[state]] }, { state });
  const first = await checkLinkToken(sql, str(body, 'token'), c.var.config.now());
  if (first.state !== 'valid') throw refuse(first.state);
  const password = checkNewPassword(body);
  const hash = await hashPassword(password);
  const row = first.row!;
  const won = await sql.transaction(async (tx) => {
    if ((await useAccountToken(tx, row.id, c.var.config.now())) !== 1) return false;
    await setPasswordHash(tx, row.user_id, hash);
    await revokeSessionsExcept(tx, row.user_id, '');
    const who = await tx.get<{ name: string; company_id: number | null }>('SELECT name, company_id FROM users WHERE id = ?', [row.user_id]);
    await recordActivity(tx, c, { action: row.purpose === 'invite' ? 'password_set' : 'password_reset', resource: 'users', resource_id: row.user_id,
      label: who?.name ?? '', organizer_id: who?.company_id ?? null, changes: { password_hash: 'changed' } });
    return true;
  });
  if (!won) throw refuse('used');
  const user = await loadAuthUser(sql, row.user_id);
  if (!user) throw refuse('invalid');
  return openSession(c, user, row.purpose === 'invite' ? 'Your password is set. Welcome!' : 'Your password was changed.');
}

/** The caller's own account: id, name, e-mail (read-only), whether an organiser's. */
const me = (c: Context<AppEnv>) => {
  const u = c.var.user;
  return ok(c, { id: u.id, name: u.name, email: u.email, organiser: u.isCompany });
};

/** Renames the caller (required, at most 255 characters, no line break: names become e-mail headers). */
async function rename(c: Context<AppEnv>) {
  const body = await readBody(c);
  validate(body, { name: [required, maxLength(255), oneLine] });
  const name = str(body, 'name').trim();
  await setName(c.var.sql, c.var.user.id, name);
  return ok(c, { id: c.var.user.id, name, email: c.var.user.email, organiser: c.var.user.isCompany }, 'Your name was saved.');
}
const oneLine = (v: unknown, l: string) => (hasLineBreak(String(v ?? '')) ? lineBreakMessage(l) : null);

/**
 * Change password (issue 20 §4, §6): the current password, then the new one twice (the spec's
 * rule). Throttled per account and per client address; a wrong current password is 422 on
 * `current_password`. Every other session of the user ends; this one stays.
 */
async function changePassword(c: Context<AppEnv>) {
  const body = await readBody(c);
  validate(body, { current_password: [required, maxLength(PASSWORD_MAX)] }, { current_password: 'current password' });
  await throttle(c, 'pw', String(c.var.user.id));
  const password = checkNewPassword(body);
  const sql = c.var.sql;
  const stored = (await passwordHashOf(sql, c.var.user.id)) ?? '';
  if (!(await verifyPassword(str(body, 'current_password'), stored || (await decoyHash))) || !stored) throw validationError({ current_password: ['The current password is not right.'] });
  const hash = await hashPassword(password);
  const mine = sha256(bearer(c.req.header('authorization')));
  const ended = await sql.transaction(async (tx) => {
    await setPasswordHash(tx, c.var.user.id, hash);
    return revokeSessionsExcept(tx, c.var.user.id, mine);
  });
  return ok(c, { ended }, ended ? 'Your password was changed. Your other sessions were signed out.' : 'Your password was changed.');
}
const decoyHash = hashPassword('decoy-password-for-timing');

/** The caller's signed-in browsers: browser, OS, address, sign-in and last use (ms), `current` for this one. */
async function sessions(c: Context<AppEnv>) {
  const mine = sha256(bearer(c.req.header('authorization')));
  const rows = await liveSessions(c.var.sql, c.var.user.id);
  return ok(c, rows.map((r) => ({
    id: r.id, ...describeUserAgent(r.user_agent), ip: r.ip, created_at: Number(r.created_at),
    last_used_at: r.last_used_at === null ? null : Number(r.last_used_at), current: r.token_hash === mine,
  })));
}

/** Signs out one of the caller's sessions (404 when it is not one of theirs or already ended). */
async function endSession(c: Context<AppEnv>) {
  const id = toId(c.req.param('id'));
  if (!id || (await revokeSession(c.var.sql, c.var.user.id, id)) !== 1) throw notFound('Session');
  return ok(c, null, 'The session was signed out.');
}

/** Signs out every session of the caller but this one; `data.ended` says how many. */
async function endOthers(c: Context<AppEnv>) {
  const ended = await revokeSessionsExcept(c.var.sql, c.var.user.id, sha256(bearer(c.req.header('authorization'))));
  return ok(c, { ended }, ended === 1 ? '1 other session was signed out.' : `${ended} other sessions were signed out.`);
}

/**
 * Self-service account calls (issue 20), open without a session: POST password/forgot {email},
 * POST password/link {token} (its state), POST password/reset {token, password,
 * password_confirmation} (reset and invitation links alike; answers as POST login). Tokens travel
 * only in bodies, never in URLs, so the request log cannot show one. My account (§4), for every
 * signed-in user, organisers included: GET/PUT account {name}, PUT account/password
 * {current_password, password, password_confirmation}, GET account/sessions, DELETE
 * account/sessions/{id}, POST account/sessions/others (sign out all other sessions). Mount at `/`.
 */
export const accountRoutes = new Hono<AppEnv>()
  .post('/password/forgot', small, forgot)
  .post('/password/link', small, linkState)
  .post('/password/reset', small, setByLink)
  .get('/account', requireUser, me)
  .put('/account', requireUser, small, rename)
  .put('/account/password', requireUser, small, changePassword)
  .get('/account/sessions', requireUser, sessions)
  .post('/account/sessions/others', requireUser, endOthers)
  .delete('/account/sessions/:id', requireUser, endSession);
