import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { AppEnv } from '../http/context.ts';
import { errorEnvelope } from '../http/error-envelope.ts';
import { ok, toId } from '../http/envelope.ts';
import { body } from '../http/input.ts';
import { RESET_SENT_MESSAGE } from '../../src/common/mail-rules.ts';
import { AccountNameInput, ChangePasswordInput, ForgotPasswordInput, LinkInput, ResetPasswordInput } from '../../src/common/contract/admin.ts';
import { throttle, throttledCheck } from '../lib/auth/link-throttle.ts';
import { Invalid } from '../runtime/domain-errors.ts';
import { throttleScope } from '../http/throttle-scope.ts';
import { clientAddress } from '../http/client-address.ts';
import { requireUser, sessionHashOf } from '../http/middleware/auth.ts';
import { logs, whoOf } from '../http/logs.ts';
import * as account from '../services/account.ts';

/** Largest body of these calls in bytes: an e-mail, a token and two passwords at their longest, with room. */
const SMALL_BODY = 64 * 1024;
const small = bodyLimit({ maxSize: SMALL_BODY, onError: (c) => errorEnvelope(c, 413, 'The request is too large.') });
/** The words added to an answer that lists passkeys: they still sign in without the password. */
const passkeysNote = (n: number) =>
  n ? ` Your ${n === 1 ? 'passkey still signs' : `${n} passkeys still sign`} in without a password: remove any you do not recognise.` : '';

/**
 * Self-service account calls, open without a session: POST password/forgot {email}
 * (queued whether or not an account has the address; throttled per address and client, 429),
 * POST password/link {token} (its state), POST password/reset {token, password,
 * password_confirmation} (reset and invitation links alike; answers as POST login). Tokens travel
 * only in bodies, never in URLs, so the request log cannot show one. My account (§4), for every
 * signed-in user, organisers included: GET/PUT account {name}, PUT account/password
 * {current_password, password, password_confirmation} (wrong current passwords are limited per
 * account and client, 429), GET account/sessions, DELETE account/sessions/{id}, POST account/sessions/others (sign out all
 * other sessions). The password change and "sign out all other sessions" answer { ended, passkeys }:
 * passkeys sign in without the password, so the owner sees them (DELETE account/passkeys/{id}
 * removes one; routes/two-step.ts). Bodies: the contract's (src/common/contract/admin.ts); services/account.ts does
 * the work. Mount at `/`.
 */
export const accountRoutes = new Hono<AppEnv>()
  .post('/password/forgot', small, body(ForgotPasswordInput), async (c) => {
    const { email } = c.req.valid('form');
    await throttle(throttleScope(c), 'link', email.trim().toLowerCase());
    // The sender is not woken: it picks the row up on its next pass, so its work never overlaps this answer.
    await account.queueReset(c.get('sql'), email);
    return ok(c, null, RESET_SENT_MESSAGE);
  })
  .post('/password/link', small, body(LinkInput), async (c) => ok(c, await account.linkState(c.get('sql'), c.req.valid('form').token ?? '')))
  .post('/password/reset', small, logs('users'), body(ResetPasswordInput), async (c) => {
    const client = { userAgent: c.req.header('user-agent') ?? '', ip: clientAddress(c, c.get('config').trustProxy) };
    const { session, message } = await account.setByLink(c.get('sql'), whoOf(c), c.req.valid('form'), client);
    return ok(c, session, message);
  })
  .get('/account', requireUser, (c) => ok(c, account.accountOf(c.get('user'))))
  .put('/account', requireUser, small, logs('users'), body(AccountNameInput), async (c) =>
    ok(c, await account.rename(c.get('sql'), c.get('user'), whoOf(c), c.req.valid('form').name), 'Your name was saved.'),
  )
  .put('/account/password', requireUser, small, logs('users'), body(ChangePasswordInput, { current_password: 'current password' }), async (c) => {
    const r = await throttledCheck(
      throttleScope(c),
      'pw',
      String(c.get('user').id),
      () => account.changePassword(c.get('sql'), c.get('user'), whoOf(c), c.req.valid('form'), sessionHashOf(c)),
      (err) => err instanceof Invalid && !!err.errors.current_password,
    );
    return ok(
      c,
      r,
      `${r.ended ? 'Your password was changed. Your other sessions were signed out.' : 'Your password was changed.'}${passkeysNote(r.passkeys.length)}`,
    );
  })
  .get('/account/sessions', requireUser, async (c) => ok(c, await account.sessions(c.get('sql'), c.get('user'), sessionHashOf(c))))
  .post('/account/sessions/others', requireUser, async (c) => {
    const r = await account.endOthers(c.get('sql'), c.get('user'), sessionHashOf(c));
    return ok(c, r, `${r.ended === 1 ? '1 other session was signed out.' : `${r.ended} other sessions were signed out.`}${passkeysNote(r.passkeys.length)}`);
  })
  .delete('/account/sessions/:id', requireUser, async (c) => {
    await account.endSession(c.get('sql'), c.get('user'), toId(c.req.param('id')));
    return ok(c, null, 'The session was signed out.');
  });
