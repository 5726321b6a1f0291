import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';

/** @simplewebauthn/server, loaded on the first passkey call: a start does not pay for it. */
const webauthnLib = () => import('@simplewebauthn/server');
import type { Sql } from '../db/sql.ts';
import { Invalid, NotFound, Unauthenticated } from '../runtime/domain-errors.ts';
import { sha256 } from '../lib/auth/passwords.ts';
import { passkeyAttempt } from '../lib/auth/passkey-throttle.ts';
import { recordActivity, type Who } from '../lib/activity/record.ts';
import * as q from '../db/queries/two-step.ts';
import { loadAuthUser, type AuthUser } from '../db/queries/auth.ts';
import type { PasskeyAdded, PasskeyInput, PasskeyView, SignedInAnswer } from '../../src/common/contract/two-step.ts';
import { CHALLENGE_GONE, CHALLENGE_MS, RECOVERY_CODES, TWO_STEP_ISSUER } from '../../src/common/two-step.ts';
import { recoveryCode, recoveryHash } from './two-step-codes.ts';
import { attemptOn, openSignedIn, recordSignedIn } from './two-step-sign-in.ts';
import { companyName, confirmFactorOwner, tellOwner, type FactorCaller } from './two-step.ts';

/**
 * Passkeys (WebAuthn through @simplewebauthn/server; docs/security.md "Two-step sign-in"):
 * registered in My account (named; several per user; removed one by one), used to sign in
 * without a password ("Use a passkey") or as the second step after one. Each ceremony's
 * challenge is stored hashed like a sign-in's (CHALLENGE_MS, single use); the relying party's
 * id and origin come from configuration (`Rp`). Adding one needs the owner (services/two-step.ts
 * confirmFactorOwner: the password, a current code or a fresh sign-in); each added or removed is
 * e-mailed to the owner. Refused answers count against their own per-account limit
 * (lib/auth/passkey-throttle.ts); the lock of codes leaves passkeys be.
 */

/** The relying party: id (a domain) and the console's origin. */
export interface Rp {
  id: string;
  origin: string;
}
/** The answer of a passkey as the browser sends it: JSON text of the credential (at most 64 KB). */
const MAX_CREDENTIAL = 64 * 1024;
const PASSKEY_REFUSED = 'The passkey could not be verified.';

/** The credential JSON text as an object with an id, or 422 on `credential`. */
function credentialOf<T extends { id: string }>(text: string | undefined): T {
  try {
    const v = JSON.parse(String(text ?? '').slice(0, MAX_CREDENTIAL)) as T;
    if (v && typeof v === 'object' && typeof v.id === 'string' && v.id.length <= 1024 && typeof (v as { response?: unknown }).response === 'object') return v;
  } catch {
    /* refused below */
  }
  throw new Invalid({ credential: ['The credential is not a passkey answer.'] });
}

/** A passkey as My account shows it. */
export const viewOf = (p: q.PasskeyRow): PasskeyView => ({
  id: p.id,
  name: p.name,
  created_at: Number(p.created_at),
  last_used_at: p.last_used_at === null ? null : Number(p.last_used_at),
});

/** Every passkey of `userId` as My account shows it, oldest first (also answered after a password change and "Sign out all other sessions"). */
export const passkeyViews = async (sql: Sql, userId: number) => (await q.passkeysOf(sql, userId)).map(viewOf);

/** POST account/passkeys/options: the creation options for a new passkey of `u` (its existing ones excluded). */
export async function registrationOptions(sql: Sql, rp: Rp, u: AuthUser) {
  const existing = await q.passkeysOf(sql, u.id);
  const options = await (await webauthnLib()).generateRegistrationOptions({
    rpName: TWO_STEP_ISSUER,
    rpID: rp.id,
    userName: u.email,
    userDisplayName: u.name,
    userID: new TextEncoder().encode(`user-${u.id}`),
    attestationType: 'none',
    excludeCredentials: existing.map((p) => ({ id: p.credential_id, transports: p.transports ? p.transports.split(',') : undefined })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
  });
  await q.insertChallenge(sql, { hash: sha256(options.challenge), purpose: 'passkey_register', userId: u.id, remember: false, ttlMs: CHALLENGE_MS });
  return options;
}

/**
 * POST account/passkeys {name, credential, current_password?, code?}: the owner confirmed
 * (confirmFactorOwner, before the answer is checked, so a retry with the password can send the
 * same answer), verifies the browser's answer to the caller's own registration challenge and
 * stores the passkey, its activity row by `c.who` and the owner's e-mail in its transaction. The
 * first second factor of an account (no authenticator app, no passkey before) turns two-step
 * sign-in on: it comes with 10 recovery codes, made in the same transaction and answered once
 * (`recovery_codes`), as turning the app on does. 422 on `name` (1–100 characters), `credential`
 * (not verified), current_password or code (the owner not confirmed); resolves to the passkey.
 */
export async function register(sql: Sql, rp: Rp, c: FactorCaller, v: PasskeyInput): Promise<PasskeyAdded> {
  const u = c.user;
  const name = (v.name ?? '').trim();
  if (!name) throw new Invalid({ name: ['The name field is required.'] });
  if (name.length > 100 || /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/.test(name))
    throw new Invalid({ name: ['The name may not be greater than 100 characters.'] });
  const response = credentialOf<RegistrationResponseJSON>(v.credential);
  await confirmFactorOwner(sql, c, v, 'passkey_add');
  let challengeRow: q.ChallengeRow | undefined;
  const r = await (await webauthnLib())
    .verifyRegistrationResponse({
      response,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: false,
      expectedChallenge: async (ch) => {
        challengeRow = await q.liveChallenge(sql, sha256(ch), 'passkey_register');
        return !!challengeRow && Number(challengeRow.user_id) === u.id;
      },
    })
    .catch(() => ({ verified: false as const }));
  if (!r.verified || !challengeRow) throw new Invalid({ credential: [PASSKEY_REFUSED] });
  const cred = r.registrationInfo.credential;
  const row = challengeRow;
  const company = await companyName(sql);
  const codes = Array.from({ length: RECOVERY_CODES }, recoveryCode);
  const { id, first } = await sql.transaction(async (tx) => {
    if ((await q.useChallenge(tx, row.id)) !== 1) throw new Unauthenticated(CHALLENGE_GONE);
    if (await q.passkeyByCredential(tx, cred.id)) throw new Invalid({ credential: ['This passkey is already registered.'] });
    const before = await q.factorsOf(tx, u.id);
    const first = !before.totp && before.passkeys === 0;
    if (first) await q.replaceRecoveryCodes(tx, u.id, codes.map(recoveryHash));
    const id = await q.insertPasskey(tx, {
      user_id: u.id,
      credential_id: cred.id,
      public_key: Buffer.from(cred.publicKey).toString('base64url'),
      counter: cred.counter,
      transports: (cred.transports ?? []).join(','),
      name,
    });
    await tellOwner(tx, company, c.who, u, 'passkey_add', { kind: 'passkey_add', name }, { passkey: { from: null, to: name } });
    return { id, first };
  });
  const view = viewOf((await q.passkeysOf(sql, u.id)).find((p) => p.id === id)!);
  return first ? { ...view, recovery_codes: codes } : view;
}

/**
 * DELETE account/passkeys/{id}: removes one of the caller's passkeys (404 when it is not theirs),
 * its activity row by `who` and the owner's e-mail in its transaction; with the last factor gone
 * (no app, no passkey left) the recovery codes go too.
 */
export async function remove(sql: Sql, u: AuthUser, who: Who, id: number) {
  const company = await companyName(sql);
  await sql.transaction(async (tx) => {
    const p = id ? (await q.passkeysOf(tx, u.id)).find((k) => k.id === id) : undefined;
    if (!p || (await q.deletePasskey(tx, u.id, id)) !== 1) throw new NotFound('Passkey');
    const left = await q.factorsOf(tx, u.id);
    if (!left.totp && left.passkeys === 0) await q.removeRecoveryCodes(tx, u.id);
    await tellOwner(tx, company, who, u, 'passkey_remove', { kind: 'passkey_remove', name: p.name }, { passkey: { from: p.name, to: null } });
  });
}

/**
 * POST login/passkey/options {challenge?, remember_me?}: the request options of a passkey
 * sign-in. With the `challenge` of a sign-in's second step: that user's passkeys only, the
 * sign-in's Remember Me kept (401 when the step is gone); without: any passkey of this site
 * (passwordless), Remember Me as sent.
 */
export async function signInOptions(sql: Sql, rp: Rp, v: { challenge?: string; remember_me?: string | number | boolean }) {
  let bound: q.ChallengeRow | undefined;
  if (v.challenge) {
    bound = await q.liveChallenge(sql, sha256(v.challenge), 'mfa');
    if (!bound) throw new Unauthenticated(CHALLENGE_GONE);
  }
  const mine = bound ? await q.passkeysOf(sql, Number(bound.user_id)) : [];
  const options = await (await webauthnLib()).generateAuthenticationOptions({
    rpID: rp.id,
    userVerification: 'preferred',
    allowCredentials: bound ? mine.map((p) => ({ id: p.credential_id, transports: p.transports ? p.transports.split(',') : undefined })) : [],
  });
  const remember = bound ? Number(bound.remember) === 1 : ['1', 'true', 'on'].includes(String(v.remember_me ?? ''));
  await q.insertChallenge(sql, {
    hash: sha256(options.challenge),
    purpose: bound ? 'passkey_mfa' : 'passkey_sign_in',
    userId: bound ? Number(bound.user_id) : null,
    remember,
    webauthn: bound ? String(bound.id) : '',
    ttlMs: CHALLENGE_MS,
  });
  return options;
}

/** The WebAuthn challenge a browser's answer carries (clientDataJSON.challenge), or ''. */
function challengeOf(response: AuthenticationResponseJSON): string {
  try {
    return String((JSON.parse(Buffer.from(response.response.clientDataJSON, 'base64url').toString('utf8')) as { challenge?: unknown }).challenge ?? '');
  } catch {
    return '';
  }
}

/**
 * POST login/passkey {credential}: signs in with a passkey answer to a challenge of
 * signInOptions: the session is "passkey", or "password + passkey" for a second step (which is
 * then used up), whether or not the account's codes are locked. 401 PASSKEY_REFUSED for an
 * unknown passkey or a failed check (counted against the account's passkey limit and logged by
 * `who`), 401 CHALLENGE_GONE, 429 `{ retryAfter }` past the limits.
 */
export async function signInWithPasskey(sql: Sql, rp: Rp, v: { credential?: string }, who: Who): Promise<{ retryAfter: number } | { session: SignedInAnswer }> {
  const response = credentialOf<AuthenticationResponseJSON>(v.credential);
  const webauthn = challengeOf(response);
  const purpose = (await q.liveChallenge(sql, sha256(webauthn), 'passkey_mfa')) ? 'passkey_mfa' : 'passkey_sign_in';
  const a = await attemptOn(sql, webauthn, purpose);
  if (!('row' in a)) return a;
  const passkey = await q.passkeyByCredential(sql, response.id);
  if (!passkey || (a.row.user_id !== null && Number(a.row.user_id) !== passkey.user_id)) throw new Unauthenticated(PASSKEY_REFUSED);
  const user = await loadAuthUser(sql, passkey.user_id);
  if (!user) throw new Unauthenticated(PASSKEY_REFUSED);
  const r = await passkeyAttempt(sql, user.id, async () => {
    const check = await (await webauthnLib())
      .verifyAuthenticationResponse({
        response,
        expectedChallenge: webauthn,
        expectedOrigin: rp.origin,
        expectedRPID: rp.id,
        requireUserVerification: false,
        credential: {
          id: passkey.credential_id,
          publicKey: new Uint8Array(Buffer.from(passkey.public_key, 'base64url')),
          counter: Number(passkey.counter),
          transports: passkey.transports ? passkey.transports.split(',') : undefined,
        },
      })
      .catch(() => ({ verified: false, authenticationInfo: { newCounter: 0 } }));
    if (!check.verified) {
      await sql.transaction((tx) =>
        recordActivity(tx, who, { resource: 'session', action: 'two_step_failed', id: user.id, label: user.email, organiserId: user.companyId, changes: {} }),
      );
      throw new Unauthenticated(PASSKEY_REFUSED);
    }
    await sql.transaction(async (tx) => {
      if ((await q.useChallenge(tx, a.row.id)) !== 1) throw new Unauthenticated(CHALLENGE_GONE);
      if (purpose === 'passkey_mfa' && (await q.useChallenge(tx, Number(a.row.webauthn))) !== 1) throw new Unauthenticated(CHALLENGE_GONE);
      await q.passkeyUsed(tx, passkey.id, check.authenticationInfo.newCounter);
    });
    return true;
  });
  if (typeof r === 'object') return r;
  const session = await openSignedIn(sql, user, Number(a.row.remember) === 1, purpose === 'passkey_mfa' ? 'password_passkey' : 'passkey');
  await recordSignedIn(sql, who, user);
  return { session };
}
