import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { AppEnv } from '../context.ts';
import { errorEnvelope } from '../lib/http/error-envelope.ts';
import { ok, toId } from '../lib/http/envelope.ts';
import { body } from '../lib/http/input.ts';
import { logs, whoOf } from '../lib/http/logs.ts';
import { recordActivity } from '../lib/activity/record.ts';
import { throttledCheck } from '../lib/auth/link-throttle.ts';
import { throttledMessage } from '../lib/auth/sign-in-throttle.ts';
import { Invalid } from '../lib/runtime/domain-errors.ts';
import { throttleScope } from '../lib/http/throttle-scope.ts';
import { requireAbility, requireScreen, requireUser } from '../middleware/auth.ts';
import { MfaInput, PasskeyInput, PasskeyOptionsInput, PasskeySignInInput, TotpConfirmInput, TwoStepDisableInput } from '../../src/common/contract/two-step.ts';
import type { AppConfig } from '../context.ts';
import * as passkeys from '../services/passkeys.ts';
import { visibleUser } from '../services/users.ts';
import * as twoStep from '../services/two-step.ts';
import { signInWithCode } from '../services/two-step-sign-in.ts';

const small = bodyLimit({ maxSize: 64 * 1024, onError: (c) => errorEnvelope(c, 413, 'The request is too large.') });

/**
 * The activity rows of two-step sign-in, all written here: the service hands each row to this
 * callback inside its transaction (services/two-step.ts TwoStepLog); the route declares `logs`.
 */
const activity = (c: Context<AppEnv>): twoStep.TwoStepLog => (tx, row) =>
  recordActivity(tx, whoOf(c), { resource: row.resource, action: row.action, id: row.resource_id, label: row.label, organiserId: row.organizer_id, changes: {} });

/** The passkeys' relying party: WEBAUTHN_RP_ID and WEBAUTHN_ORIGIN, else the public URL's host name and origin. */
const rpOf = (config: AppConfig): passkeys.Rp => {
  const pub = new URL(config.publicUrl || 'http://localhost');
  return { id: config.webauthnRpId ?? pub.hostname, origin: config.webauthnOrigin ? new URL(config.webauthnOrigin).origin : pub.origin };
};

/** A 429 answer with its Retry-After, or the session as POST login answers it. */
const signedIn = (c: Context<AppEnv>, r: { retryAfter: number } | { session: unknown }) => {
  if ('retryAfter' in r) {
    c.header('Retry-After', String(r.retryAfter));
    return errorEnvelope(c, 429, throttledMessage(r.retryAfter));
  }
  return ok(c, r.session, 'Signed in.');
};

/**
 * Two-step sign-in (docs/security.md "Two-step sign-in"); services/two-step.ts and
 * two-step-sign-in.ts do the work. Mount at `/`.
 * - POST login/mfa {challenge, code}: the second step of POST login; answers as POST login
 *   (401 wrong code or gone challenge, 429 with Retry-After past 5 tries on the challenge or
 *   10 wrong codes in 15 minutes on the account).
 * - GET account/two-step: what the caller has on (TwoStepStatus).
 * - POST account/two-step/totp: a new secret, its URI and QR code (409 already on / no key).
 * - POST account/two-step/totp/confirm {code}: turns it on; the 10 recovery codes, once (422 on code).
 * - POST account/two-step/disable {password, code}: turns the app off (422 on password or code;
 *   wrong passwords limited like Change password, 429).
 * - POST user/{id}/two-step/reset: Edit users on the Users screen, a user within the caller's
 *   reach (404 otherwise), an administrator only by an administrator (403): every factor and
 *   session of the user removed, the user e-mailed.
 * - Passkeys (services/passkeys.ts): POST account/passkeys/options (creation options), POST
 *   account/passkeys {name, credential} (422 on name or credential), DELETE account/passkeys/{id};
 *   POST login/passkey/options {challenge?, remember_me?} (request options: for a sign-in's second
 *   step with its challenge, else passwordless), POST login/passkey {credential} (answers as
 *   POST login; 401 refused, 429 past the limits).
 */
export const twoStepRoutes = new Hono<AppEnv>()
  .post('/login/mfa', small, logs('session'), body(MfaInput), async (c) =>
    signedIn(c, await signInWithCode(c.var.sql, c.var.config.twoStepKey, c.req.valid('form'), activity(c))))
  .post('/login/passkey/options', small, body(PasskeyOptionsInput), async (c) =>
    ok(c, await passkeys.signInOptions(c.var.sql, rpOf(c.var.config), c.req.valid('form'))))
  .post('/login/passkey', small, logs('session'), body(PasskeySignInInput), async (c) =>
    signedIn(c, await passkeys.signInWithPasskey(c.var.sql, rpOf(c.var.config), c.req.valid('form'), activity(c))))
  .get('/account/two-step', requireUser, async (c) => ok(c, await twoStep.status(c.var.sql, c.var.user)))
  .post('/account/two-step/totp', requireUser, async (c) =>
    ok(c, await twoStep.beginTotp(c.var.sql, c.var.config.twoStepKey, c.var.user), 'Scan the QR code with your authenticator app, then enter the code it shows.'))
  .post('/account/two-step/totp/confirm', requireUser, small, logs('users'), body(TotpConfirmInput), async (c) =>
    ok(c, await twoStep.confirmTotp(c.var.sql, c.var.config.twoStepKey, c.var.user, c.req.valid('form').code ?? '', activity(c)),
      'Two-step sign-in is on. Keep your recovery codes somewhere safe: they are shown only now.'))
  .post('/account/two-step/disable', requireUser, small, logs('users'), body(TwoStepDisableInput), async (c) => {
    const v = c.req.valid('form');
    await throttledCheck(throttleScope(c), 'pw', String(c.var.user.id),
      () => twoStep.disableTotp(c.var.sql, c.var.config.twoStepKey, c.var.user, { password: v.password ?? '', code: v.code ?? '' }, activity(c)),
      (err) => err instanceof Invalid && !!(err.errors.password || err.errors.code));
    return ok(c, null, 'Two-step sign-in with an authenticator app is off.');
  })
  .post('/account/passkeys/options', requireUser, async (c) => ok(c, await passkeys.registrationOptions(c.var.sql, rpOf(c.var.config), c.var.user)))
  .post('/account/passkeys', requireUser, small, logs('users'), body(PasskeyInput), async (c) =>
    ok(c, await passkeys.register(c.var.sql, rpOf(c.var.config), c.var.user, c.req.valid('form'), activity(c)), 'The passkey was added.'))
  .delete('/account/passkeys/:id', requireUser, logs('users'), async (c) => {
    await passkeys.remove(c.var.sql, c.var.user, toId(c.req.param('id')), activity(c));
    return ok(c, null, 'The passkey was removed.');
  })
  .post('/user/:id/two-step/reset', requireUser, requireScreen('users'), requireAbility('users.edit'), logs('users'), async (c) => {
    const target = await visibleUser(c.var.sql, c.var.user, toId(c.req.param('id')));
    await twoStep.resetTwoStep(c.var.sql, c.var.user, target, activity(c));
    c.var.mailer.wake();
    return ok(c, null, `The two-step sign-in of ${target.name} was reset. Every session of theirs was signed out and they were told by e-mail.`);
  });
