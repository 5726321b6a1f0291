import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { errorEnvelope } from '../http/error-envelope.ts';
import type { AppEnv } from '../http/context.ts';
import { ok } from '../http/envelope.ts';
import { body } from '../http/input.ts';
import { requireUser, sessionHashOf } from '../http/middleware/auth.ts';
import { clientAddress } from '../http/client-address.ts';
import { throttledMessage } from '../lib/auth/sign-in-throttle.ts';
import { publicUser } from '../lib/auth/public-user.ts';
import { LoginInput } from '../../src/common/contract/admin.ts';
import * as auth from '../services/auth.ts';

/** Largest sign-in body in bytes: the fields below at their longest, URL-encoded, with room to spare. Over it: 413 before parsing. */
export const LOGIN_MAX_BODY = 64 * 1024;
/** Longest password read at sign-in, in characters (docs/security.md): the contract's. */
export { PASSWORD_MAX_LENGTH } from '../../src/common/contract/admin.ts';

/**
 * Sign-in, sign-out and the session's own reads (admin-area §2, §7; DESIGN.md §3):
 * POST login (contract LoginInput: sizes first, since the e-mail becomes the throttle's key;
 * 429 with Retry-After when throttled; an account with two-step sign-in gets its second step,
 * `{ mfa_required, challenge, methods }`, instead of a session: routes/two-step.ts), POST logout, GET user/get, GET user/getmenu,
 * GET route/check?route=. services/auth.ts does the work.
 */
export const authRoutes = new Hono<AppEnv>()
  .post('/login', bodyLimit({ maxSize: LOGIN_MAX_BODY, onError: (c) => errorEnvelope(c, 413, 'The request is too large.') }), body(LoginInput), async (c) => {
    const r = await auth.signIn(c.get('sql'), c.req.valid('form'), clientAddress(c));
    if ('retryAfter' in r) {
      c.header('Retry-After', String(r.retryAfter));
      return errorEnvelope(c, 429, throttledMessage(r.retryAfter));
    }
    if ('mfa' in r) {
      // No session yet: the activity log records the sign-in once its second step is answered.
      c.set('signInPending', true);
      return ok(c, r.mfa, 'Enter the code from your authenticator app, or use a recovery code or a passkey.');
    }
    return ok(c, r.session, 'Signed in.');
  })
  .post('/logout', requireUser, async (c) => {
    await auth.signOut(c.get('sql'), sessionHashOf(c));
    return ok(c, null, 'Signed out.');
  })
  .get('/user/get', requireUser, async (c) => ok(c, await publicUser(c.get('user'))))
  .get('/user/getmenu', requireUser, async (c) => ok(c, await auth.liveMenus(c.get('sql'), c.get('user'))))
  .get('/route/check', requireUser, async (c) => ok(c, await auth.mayOpenRoute(c.get('sql'), c.get('user'), c.req.query('route') ?? '')));
