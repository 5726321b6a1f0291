import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { errorEnvelope } from '../lib/http/error-envelope.ts';
import type { AppEnv } from '../context.ts';
import { ApiError } from '../http-error.ts';
import { ok, readBody } from '../lib/http/envelope.ts';
import { email, maxLength, required, str, validate } from '../lib/http/validate.ts';
import { EMAIL_MAX_LENGTH } from '../../src/common/email.ts';
import { hashPassword, needsRehash, newToken, sha256, verifyPassword } from '../lib/auth/passwords.ts';
import { bearer, INACTIVE_ORGANISER, mayOpen, requireUser } from '../middleware/auth.ts';
import { screenOf } from '../lib/rules/screens.ts';
import { clientAddress } from '../lib/http/client-address.ts';
import { attemptSucceeded, takeAttempt, throttledMessage } from '../lib/auth/sign-in-throttle.ts';
import * as q from '../db/queries/auth.ts';
import { grants, publicUser } from '../lib/http/public-user.ts';

const HOUR = 3600_000;
const TTL = { remember: 30 * 24 * HOUR, session: 12 * HOUR };
/** Largest sign-in body in bytes: the fields below at their longest, URL-encoded, with room to spare. Over it: 413 before parsing. */
export const LOGIN_MAX_BODY = 64 * 1024;
/** Longest password read at sign-in, in characters (docs/security.md); a longer one is refused (422) before any work. */
export const PASSWORD_MAX_LENGTH = 4096;
// Compared against when the e-mail is unknown, so both paths cost one Argon2id check.
const decoy = hashPassword('decoy-password');

/**
 * Sign-in, sign-out and the session's own reads (admin-area §2, §7; DESIGN.md §3):
 * POST login, POST logout, GET user/get, GET user/getmenu, GET route/check?route=.
 */
export const authRoutes = new Hono<AppEnv>()
  .post('/login', bodyLimit({ maxSize: LOGIN_MAX_BODY, onError: (c) => errorEnvelope(c, 413, 'The request is too large.') }), async (c) => {
    const body = await readBody(c);
    // Sizes first: the e-mail becomes the throttle's key, and nothing longer can be an address.
    validate(body, { email: [maxLength(EMAIL_MAX_LENGTH)], password: [maxLength(PASSWORD_MAX_LENGTH)] });
    const sql = c.var.sql;
    // Counted before the body is checked and the password compared (lib/auth/sign-in-throttle.ts), so
    // parallel guesses cannot all slip under the limits, and a throttled client costs one query.
    const attempt = await takeAttempt(sql, str(body, 'email'), clientAddress(c));
    if ('retryAfter' in attempt) {
      c.header('Retry-After', String(attempt.retryAfter));
      return errorEnvelope(c, 429, throttledMessage(attempt.retryAfter));
    }
    validate(body, { email: [required, email], password: [required] });
    const row = await q.findUserByEmail(sql, str(body, 'email'));
    // An invited user (no password yet, issue 20 §3) costs the same check and never signs in.
    const good = (await verifyPassword(str(body, 'password'), row?.password_hash || (await decoy))) && !!row?.password_hash;
    if (!row || !good) throw new ApiError(401, 'These credentials do not match our records.');
    // An older hash (scrypt) is upgraded to Argon2id now that the password is known. When the hash
    // slots are full (429) the upgrade waits for a later sign-in; the sign-in itself still succeeds.
    if (needsRehash(row.password_hash)) {
      const fresh = await hashPassword(str(body, 'password')).catch((e: unknown) => {
        if (e instanceof ApiError && e.status === 429) return null;
        throw e;
      });
      if (fresh) await q.upgradePasswordHash(sql, row.id, row.password_hash, fresh);
    }
    await attemptSucceeded(sql, attempt);
    const user = (await q.loadAuthUser(sql, row.id))!;
    if (!user.companyActive) throw new ApiError(403, INACTIVE_ORGANISER);
    const token = newToken();
    const remember = ['1', 'true', 'on'].includes(str(body, 'remember_me'));
    await q.insertToken(sql, user.id, sha256(token), remember ? TTL.remember : TTL.session);
    const role = user.isCompany ? 'company' : (user.roles[0]?.name ?? '');
    return ok(c, { token, role, id: user.id, name: user.name, companyid: user.companyId, ...(await grants(user)) }, 'Signed in.');
  })
  .post('/logout', requireUser, async (c) => {
    await q.revokeToken(c.var.sql, sha256(bearer(c.req.header('authorization'))));
    return ok(c, null, 'Signed out.');
  })
  .get('/user/get', requireUser, async (c) => ok(c, await publicUser(c.var.user)))
  .get('/user/getmenu', requireUser, async (c) => {
    const u = c.var.user;
    const menus = u.isCompany ? [] : await q.liveMenus(c.var.sql, u.roles.map((r) => r.id));
    return ok(c, { live_adminmenus: menus });
  })
  .get('/route/check', requireUser, async (c) => {
    const screen = screenOf(c.req.query('route') ?? '');
    const u = c.var.user;
    // The dashboard (/admin) is open to every signed-in staff user; organisers never enter the admin area.
    const allowed = u.isCompany ? false : screen === '' ? true : await mayOpen(c.var.sql, u, screen);
    return ok(c, allowed);
  });
