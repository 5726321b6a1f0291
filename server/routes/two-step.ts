import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { AppEnv } from '../http/context.ts';
import { errorEnvelope } from '../http/error-envelope.ts';
import { ok, toId } from '../http/envelope.ts';
import { body } from '../http/input.ts';
import { logs, whoOf } from '../http/logs.ts';
import { throttledCheck } from '../lib/auth/link-throttle.ts';
import { throttledMessage } from '../lib/auth/sign-in-throttle.ts';
import { Invalid } from '../runtime/domain-errors.ts';
import { throttleScope } from '../http/throttle-scope.ts';
import { requireAbility, requireScreen, requireUser, sessionHashOf } from '../http/middleware/auth.ts';
import {
  MfaInput,
  PasskeyInput,
  PasskeyOptionsInput,
  PasskeySignInInput,
  RecoveryCodesInput,
  TotpConfirmInput,
  TwoStepDisableInput,
  UnlockInput,
} from '../../src/common/contract/two-step.ts';
import type { AppConfig } from '../http/context.ts';
import * as passkeys from '../services/passkeys.ts';
import { relyingParty } from '../lib/auth/passkey-site.ts';
import { visibleUser } from '../services/users.ts';
import * as twoStep from '../services/two-step.ts';
import { resetTwoStep, unlockTwoStep } from '../services/two-step-admin.ts';
import { unlockByLink } from '../services/two-step-codes.ts';
import { signInWithCode } from '../services/two-step-sign-in.ts';

const small = bodyLimit({ maxSize: 64 * 1024, onError: (c) => errorEnvelope(c, 413, 'The request is too large.') });

/** A password check on this route counts on My account's password throttle when it fails on current_password or password (429 past it). */
const pwThrottled =
  (c: Context<AppEnv>) =>
  <T>(check: () => Promise<T>) =>
    throttledCheck(
      throttleScope(c),
      'pw',
      String(c.get('user').id),
      check,
      (err) => err instanceof Invalid && !!(err.errors.current_password || err.errors.password),
    );

/**
 * The signed-in caller changing its own factors (services/two-step.ts FactorCaller): the user,
 * the activity rows' actor, the owner check's session and throttle, the server's two-step key.
 */
const factorCaller = (c: Context<AppEnv>): twoStep.FactorCaller => ({
  user: c.get('user'),
  who: whoOf(c),
  key: c.get('config').twoStepKey,
  confirmer: { userId: c.get('user').id, sessionHash: sessionHashOf(c), throttled: pwThrottled(c) },
});

/** The passkeys' relying party of this server's settings (lib/auth/passkey-site.ts). */
const rpOf = (config: AppConfig): passkeys.Rp => relyingParty(config);

/** A 429 answer with its Retry-After, or the session as POST login answers it. */
const signedIn = (c: Context<AppEnv>, r: { retryAfter: number } | { session: unknown }) => {
  if ('retryAfter' in r) {
    c.header('Retry-After', String(r.retryAfter));
    return errorEnvelope(c, 429, throttledMessage(r.retryAfter));
  }
  return ok(c, r.session, 'Signed in.');
};

/**
 * Two-step sign-in (docs/security.md "Two-step sign-in"); services/two-step.ts (the owner's
 * factors), two-step-codes.ts (codes and their lock), two-step-sign-in.ts, two-step-admin.ts and
 * passkeys.ts do the work, each writing its activity rows with recordActivity (`logs` here).
 * Mount at `/`.
 * - POST login/mfa {challenge, code}: the second step of POST login; answers as POST login
 *   (401 wrong code or gone challenge, 403 `{ two_step_locked: true }` while the account's codes
 *   are locked after 10 wrong in a row, 429 with Retry-After past 5 tries on the challenge).
 * - POST two-step/unlock {token}: the e-mailed unlock link (422 on token with `data.state`).
 * - GET account/two-step: what the caller has on (TwoStepStatus).
 * - POST account/two-step/totp: a new secret, its URI and QR code (409 already on / no key).
 * - POST account/two-step/totp/replace: the same for a new phone while the app is on (409 not on / no key);
 *   confirmed by totp/confirm, which then answers 10 new recovery codes.
 * - POST account/two-step/totp/confirm {code, current_password?}: turns it on; the 10 recovery
 *   codes, once (422 on code, or on current_password when the sign-in is older than 5 minutes).
 * - POST account/two-step/recovery-codes {current_password?, code?}: 10 new recovery codes, once
 *   (422 on current_password or code; 409 without the app).
 * - POST account/two-step/disable {password, code}: turns the app off (422 on password or code;
 *   wrong passwords limited like Change password, 429).
 * - POST user/{id}/two-step/reset and …/unlock: Edit users on the Users screen, a user within the
 *   caller's reach (404 otherwise), an administrator's only by an administrator (403): every
 *   factor and session removed / the codes unlocked (409 when not locked); the user e-mailed.
 * - GET login/passkey/site: the passkeys' relying party `{ id, origin }` (no session needed), so
 *   a page can tell before it asks the browser whether passkeys work where it is open.
 * - Passkeys (services/passkeys.ts): POST account/passkeys/options (creation options), POST
 *   account/passkeys {name, credential, current_password?, code?} (422 on name, credential,
 *   current_password or code), DELETE account/passkeys/{id}; POST login/passkey/options
 *   {challenge?, remember_me?} (request options: for a sign-in's second step with its challenge,
 *   else passwordless), POST login/passkey {credential} (answers as POST login; 401 refused, 429
 *   past the limits).
 * Every factor added or removed is e-mailed to the owner: the answer wakes the sender.
 */
export const twoStepRoutes = new Hono<AppEnv>()
  .post('/login/mfa', small, logs('session'), body(MfaInput), async (c) =>
    signedIn(c, await signInWithCode(c.get('sql'), c.get('config').twoStepKey, c.req.valid('form'), whoOf(c))),
  )
  .get('/login/passkey/site', (c) => ok(c, rpOf(c.get('config'))))
  .post('/login/passkey/options', small, body(PasskeyOptionsInput), async (c) =>
    ok(c, await passkeys.signInOptions(c.get('sql'), rpOf(c.get('config')), c.req.valid('form'))),
  )
  .post('/login/passkey', small, logs('session'), body(PasskeySignInInput), async (c) =>
    signedIn(c, await passkeys.signInWithPasskey(c.get('sql'), rpOf(c.get('config')), c.req.valid('form'), whoOf(c))),
  )
  .post('/two-step/unlock', small, logs('users'), body(UnlockInput), async (c) =>
    ok(c, null, await unlockByLink(c.get('sql'), whoOf(c), c.req.valid('form').token ?? '')),
  )
  .get('/account/two-step', requireUser, async (c) => ok(c, await twoStep.status(c.get('sql'), c.get('user'), sessionHashOf(c))))
  .post('/account/two-step/totp', requireUser, async (c) =>
    ok(
      c,
      await twoStep.beginTotp(c.get('sql'), c.get('config').twoStepKey, c.get('user')),
      'Scan the QR code with your authenticator app, then enter the code it shows.',
    ),
  )
  .post('/account/two-step/totp/replace', requireUser, async (c) =>
    ok(
      c,
      await twoStep.beginReplace(c.get('sql'), c.get('config').twoStepKey, c.get('user')),
      'Scan the QR code with the authenticator app on your new phone, then enter the code it shows.',
    ),
  )
  .post('/account/two-step/totp/confirm', requireUser, small, logs('users'), body(TotpConfirmInput), async (c) => {
    const r = await twoStep.confirmTotp(c.get('sql'), factorCaller(c), c.req.valid('form'));
    c.get('mailer').wake();
    return ok(c, r, 'Two-step sign-in is on. Keep your recovery codes somewhere safe: they are shown only now.');
  })
  .post('/account/two-step/recovery-codes', requireUser, small, logs('users'), body(RecoveryCodesInput), async (c) => {
    const r = await twoStep.newRecoveryCodes(c.get('sql'), factorCaller(c), c.req.valid('form'));
    c.get('mailer').wake();
    return ok(c, r, 'New recovery codes were made: the old ones no longer work. Keep these somewhere safe: they are shown only now.');
  })
  .post('/account/two-step/disable', requireUser, small, logs('users'), body(TwoStepDisableInput), async (c) => {
    const v = c.req.valid('form');
    await pwThrottled(c)(() => twoStep.disableTotp(c.get('sql'), factorCaller(c), { password: v.password ?? '', code: v.code ?? '' }));
    c.get('mailer').wake();
    return ok(c, null, 'Two-step sign-in with an authenticator app is off.');
  })
  .post('/account/passkeys/options', requireUser, async (c) => ok(c, await passkeys.registrationOptions(c.get('sql'), rpOf(c.get('config')), c.get('user'))))
  .post('/account/passkeys', requireUser, small, logs('users'), body(PasskeyInput), async (c) => {
    const r = await passkeys.register(c.get('sql'), rpOf(c.get('config')), factorCaller(c), c.req.valid('form'));
    c.get('mailer').wake();
    return ok(c, r, 'The passkey was added.');
  })
  .delete('/account/passkeys/:id', requireUser, logs('users'), async (c) => {
    await passkeys.remove(c.get('sql'), c.get('user'), whoOf(c), toId(c.req.param('id')));
    c.get('mailer').wake();
    return ok(c, null, 'The passkey was removed.');
  })
  .post('/user/:id/two-step/reset', requireUser, requireScreen('users'), requireAbility('users.edit'), logs('users'), async (c) => {
    const target = await visibleUser(c.get('sql'), c.get('user'), toId(c.req.param('id')));
    await resetTwoStep(c.get('sql'), c.get('user'), whoOf(c), target);
    c.get('mailer').wake();
    return ok(c, null, `The two-step sign-in of ${target.name} was reset. Every session of theirs was signed out, and an e-mail telling them is queued.`);
  })
  .post('/user/:id/two-step/unlock', requireUser, requireScreen('users'), requireAbility('users.edit'), logs('users'), async (c) => {
    const target = await visibleUser(c.get('sql'), c.get('user'), toId(c.req.param('id')));
    await unlockTwoStep(c.get('sql'), c.get('user'), whoOf(c), target);
    c.get('mailer').wake();
    return ok(c, null, `The sign-in codes of ${target.name} work again. An e-mail telling them is queued.`);
  });
