import { createRequire } from 'node:module';
import type QRCodeLib from 'qrcode';
import type { Sql } from '../db/sql.ts';
import { Conflict, Invalid } from '../runtime/domain-errors.ts';
import { sha256, verifyPassword } from '../lib/auth/passwords.ts';
import { open, seal } from '../lib/auth/two-step-key.ts';
import { confirmOwner, type Confirmer } from '../lib/auth/confirm-owner.ts';
import { recordActivity, type Who } from '../lib/activity/record.ts';
import { factorChangedMail, type FactorChange } from '../lib/mail/templates.ts';
import { passwordHashOf } from '../db/queries/sessions.ts';
import { enqueueMail } from '../db/queries/outbox.ts';
import { recipientLanguage } from '../db/queries/mail-recipients.ts';
import { getCompanySettings } from '../db/queries/settings.ts';
import * as q from '../db/queries/two-step.ts';
import type { AuthUser } from '../db/queries/auth.ts';
import type { ActivityAction, FieldChange } from '../../src/common/activity.ts';
import type { TotpSetup, TwoStepStatus } from '../../src/common/contract/two-step.ts';
import { CODE_JUST_USED, CODE_WRONG, confirmOwnerMessage, RECOVERY_CODES, type OwnerAction } from '../../src/common/two-step.ts';
import { newChallenge } from './two-step-sign-in.ts';
import { needKey, otp, recoveryCode, recoveryHash, secretOf, spendUnderLock, stepOf, totpFor } from './two-step-codes.ts';

/**
 * Two-step sign-in, the signed-in user's side (docs/security.md "Two-step sign-in"): the
 * authenticator app, its recovery codes and turning it off; passkeys are services/passkeys.ts,
 * codes and their lock two-step-codes.ts. A session alone adds no factor: turning the app on, new
 * recovery codes and a new passkey need the owner's password, a current code or a fresh sign-in
 * (`confirmFactorOwner`, lib/auth/confirm-owner.ts). Every factor added or removed is e-mailed to
 * the owner (`tellOwner`, queued in the change's transaction) and recorded with recordActivity.
 * The secret is sealed with the key outside the database (lib/auth/two-step-key.ts).
 */

/**
 * A signed-in user changing their own factors: the user, the actor of the activity rows (`who`,
 * whose address the owner's e-mail names), the owner check's session facts and the server's
 * two-step key.
 */
export interface FactorCaller {
  user: AuthUser;
  who: Who;
  confirmer: Confirmer;
  key: Buffer | null | undefined;
}
/** How the owner confirms a change: current_password, or a code of the authenticator app (or a recovery code). */
export interface OwnerInput {
  current_password?: string;
  code?: string;
}

/** qrcode, loaded on first use. */
const requireHere = createRequire(import.meta.url);
const qrcode = () => requireHere('qrcode') as typeof QRCodeLib;

/**
 * Confirms that the caller of `action` is the account's owner (lib/auth/confirm-owner.ts): its
 * password, else (with the authenticator app on, and not for turning it on) a code spent under
 * the lock, else a sign-in at most 5 minutes old. 422 on current_password with
 * confirmOwnerMessage's words when none came; 422 on current_password or code when wrong; 403
 * while codes are locked (a typed code only); 429 past the password throttle.
 */
export async function confirmFactorOwner(sql: Sql, c: FactorCaller, v: OwnerInput, action: OwnerAction) {
  const hasApp = !!(await q.totpOf(sql, c.user.id))?.confirmed_at;
  const byCode = hasApp && action !== 'totp_on' && action !== 'totp_replace';
  await confirmOwner(
    sql,
    c.confirmer,
    {
      password: v.current_password ?? '',
      code: byCode ? (v.code ?? '').trim() : '',
      spend: async (code) => {
        const spent = await spendUnderLock(sql, c.key, c.user, code, c.who);
        if (spent === 'used') throw new Invalid({ code: [CODE_JUST_USED] });
        return spent !== null;
      },
    },
    confirmOwnerMessage(action, byCode),
  );
}

/**
 * Inside the transaction of a change to `u`'s factors: its activity row by `who` (resource users,
 * `changes` when given) and the owner's e-mail (factorChangedMail, from `who`'s address; `by`
 * names an administrator who made it). `company` is the sender's name, read before the transaction.
 */
export async function tellOwner(
  tx: Sql,
  company: string,
  who: Who,
  u: { id: number; name: string; email: string; companyId: number | null },
  action: ActivityAction,
  change: FactorChange,
  changes: Record<string, FieldChange> = {},
  by?: string,
) {
  await recordActivity(tx, who, { resource: 'users', action, id: u.id, label: u.name, organiserId: u.companyId, changes });
  const language = await recipientLanguage(tx, u.id);
  const mail = factorChangedMail(company, u.name, change, who.ip, by, language);
  await enqueueMail(tx, { kind: 'two_step', to: u.email, toName: u.name, subject: mail.subject, text: mail.text, html: mail.html, refId: u.id, language });
}

/** The sender's name for the owner's e-mails (Settings → Company). */
export const companyName = async (sql: Sql) => (await getCompanySettings(sql)).name;

/**
 * GET account/two-step: what the caller has turned on, whether a role requires it, whether its
 * codes are locked, and `recovery_sign_in` (only when true) while the session of `sessionHash`
 * was signed in with a recovery code and no authenticator app was set up since.
 */
export async function status(sql: Sql, u: AuthUser, sessionHash = ''): Promise<TwoStepStatus> {
  const totp = await q.totpOf(sql, u.id);
  const passkeys = await q.passkeysOf(sql, u.id);
  const session = sessionHash ? await q.sessionSignIn(sql, sessionHash) : undefined;
  const recoverySignIn = session?.signed_in_with === 'password_recovery' && !(totp?.confirmed_at && Number(totp.confirmed_at) > Number(session.created_at));
  return {
    ...(recoverySignIn ? { recovery_sign_in: true } : {}),
    enabled: !!totp?.confirmed_at || passkeys.length > 0,
    totp: !!totp?.confirmed_at,
    recovery_codes_left: await q.recoveryLeft(sql, u.id),
    required: u.twoStepPending || (await requiredByRole(sql, u.id)),
    codes_locked: await q.codesLocked(sql, u.id),
    passkeys: passkeys.map((p) => ({
      id: p.id,
      name: p.name,
      created_at: Number(p.created_at),
      last_used_at: p.last_used_at === null ? null : Number(p.last_used_at),
    })),
  };
}

/** True when one of the user's roles requires two-step sign-in. */
export const requiredByRole = async (sql: Sql, userId: number) =>
  !!(await sql.get('SELECT 1 AS x FROM user_roles ur JOIN roles r ON r.id = ur.role_id WHERE ur.user_id = ? AND r.require_two_step = 1', [userId]));

const ALREADY_ON = 'Two-step sign-in with an authenticator app is already on.';
const NOT_ON = 'Two-step sign-in with an authenticator app is not on.';

/**
 * POST account/two-step/totp: starts an enrolment (a new secret, replacing one not yet
 * confirmed): the base32 secret, its otpauth:// URI and the QR code of the URI as an SVG data URL.
 * Nothing is turned on yet (confirmTotp asks for the owner). 409 when an authenticator is
 * already on, or when the server has no key.
 */
export async function beginTotp(sql: Sql, key: Buffer | null | undefined, u: AuthUser): Promise<TotpSetup> {
  const k = needKey(key);
  if ((await q.totpOf(sql, u.id))?.confirmed_at) throw new Conflict(ALREADY_ON);
  const secret = new (otp().Secret)({ size: 20 }).base32;
  if ((await q.startTotp(sql, u.id, seal(k, secret))) !== 1) throw new Conflict(ALREADY_ON);
  const uri = totpFor(secret, u.email).toString();
  const svg = await qrcode().toString(uri, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
  return { secret, uri, qr: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` };
}

/** How long a replacement authenticator waits for its first code, in ms (10 minutes). */
const REPLACE_MS = 10 * 60_000;

/**
 * POST account/two-step/totp/replace: starts replacing the authenticator app that is on (a new
 * phone): a new secret, its URI and QR code as beginTotp answers them. The old app keeps working
 * until confirmTotp takes a code of the new one within REPLACE_MS; the new secret waits sealed in
 * a challenge row of purpose `totp_replace` (its `webauthn` field). 409 when no app is on, or
 * when the server has no key.
 */
export async function beginReplace(sql: Sql, key: Buffer | null | undefined, u: AuthUser): Promise<TotpSetup> {
  const k = needKey(key);
  if (!(await q.totpOf(sql, u.id))?.confirmed_at) throw new Conflict(NOT_ON);
  const secret = new (otp().Secret)({ size: 20 }).base32;
  await q.insertChallenge(sql, {
    hash: sha256(newChallenge()),
    purpose: 'totp_replace',
    userId: u.id,
    remember: false,
    webauthn: seal(k, secret),
    ttlMs: REPLACE_MS,
  });
  const uri = totpFor(secret, u.email).toString();
  const svg = await qrcode().toString(uri, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
  return { secret, uri, qr: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` };
}

/**
 * The second half of beginReplace, through POST account/two-step/totp/confirm while the app is
 * on: the owner confirmed (the password or a fresh sign-in: the old app may be lost), the new
 * app's first code replaces the secret (that step spent) and 10 new recovery codes replace the
 * old ones, answered once; the owner is e-mailed. 409 without a replacement under way; 422 on
 * `code` when it is not right.
 */
async function confirmReplace(sql: Sql, c: FactorCaller, v: OwnerInput) {
  const u = c.user;
  const pending = await q.pendingReplacement(sql, u.id);
  if (!pending) throw new Conflict(ALREADY_ON);
  await confirmFactorOwner(sql, c, { current_password: v.current_password }, 'totp_replace');
  let secret: string;
  try {
    secret = open(needKey(c.key), pending.webauthn);
  } catch {
    throw new Conflict('Start again: choose "Replace authenticator" first.');
  }
  const step = stepOf(secret, u.email, v.code ?? '');
  if (step === null) throw new Invalid({ code: [CODE_WRONG] });
  const codes = Array.from({ length: RECOVERY_CODES }, recoveryCode);
  const company = await companyName(sql);
  const done = await sql.transaction(async (tx) => {
    if ((await q.useChallenge(tx, pending.id)) !== 1) return false;
    if ((await q.replaceTotp(tx, u.id, pending.webauthn, step)) !== 1) return false;
    await q.replaceRecoveryCodes(tx, u.id, codes.map(recoveryHash));
    await q.rightCode(tx, u.id);
    await tellOwner(tx, company, c.who, u, 'two_step_on', { kind: 'totp_replaced' }, { authenticator: { from: 'previous app', to: 'new app' } });
    return true;
  });
  if (!done) throw new Conflict('Start again: choose "Replace authenticator" first.');
  return { recovery_codes: codes };
}

/**
 * POST account/two-step/totp/confirm {code, current_password?}: the owner confirmed
 * (confirmFactorOwner: the password or a fresh sign-in), the first code turns the authenticator
 * on (that step spent) and makes 10 recovery codes, answered once (only their hashes are kept);
 * the owner is e-mailed. While the app is on, it confirms a replacement (beginReplace). 409
 * without an enrolment or replacement under way; 422 on `code` when it is not right.
 */
export async function confirmTotp(sql: Sql, c: FactorCaller, v: OwnerInput) {
  const u = c.user;
  const row = await q.totpOf(sql, u.id);
  if (row?.confirmed_at) return confirmReplace(sql, c, v);
  if (!row) throw new Conflict('Start again: choose "Turn on two-step sign-in" first.');
  await confirmFactorOwner(sql, c, { current_password: v.current_password }, 'totp_on');
  const step = stepOf(secretOf(c.key, row), u.email, v.code ?? '');
  if (step === null) throw new Invalid({ code: [CODE_WRONG] });
  const codes = Array.from({ length: RECOVERY_CODES }, recoveryCode);
  const company = await companyName(sql);
  const done = await sql.transaction(async (tx) => {
    if ((await q.confirmTotp(tx, u.id, step)) !== 1) return false;
    await q.replaceRecoveryCodes(tx, u.id, codes.map(recoveryHash));
    await q.rightCode(tx, u.id);
    await tellOwner(tx, company, c.who, u, 'two_step_on', { kind: 'totp_on' });
    return true;
  });
  if (!done) throw new Conflict(ALREADY_ON);
  return { recovery_codes: codes };
}

/**
 * POST account/two-step/recovery-codes {current_password?, code?}: the owner confirmed
 * (confirmFactorOwner), 10 new recovery codes replace the old ones, answered once; the owner is
 * e-mailed. 409 without a second factor (recovery codes come with the authenticator app or a passkey).
 */
export async function newRecoveryCodes(sql: Sql, c: FactorCaller, v: OwnerInput) {
  const u = c.user;
  const f = await q.factorsOf(sql, u.id);
  if (!f.totp && !f.passkeys) throw new Conflict('Recovery codes come with a second factor: turn on the authenticator app or add a passkey first.');
  await confirmFactorOwner(sql, c, v, 'recovery_codes');
  const codes = Array.from({ length: RECOVERY_CODES }, recoveryCode);
  const company = await companyName(sql);
  await sql.transaction(async (tx) => {
    await q.replaceRecoveryCodes(tx, u.id, codes.map(recoveryHash));
    await tellOwner(tx, company, c.who, u, 'recovery_codes', { kind: 'recovery_codes' });
  });
  return { recovery_codes: codes };
}

/**
 * POST account/two-step/disable {password, code}: turns the authenticator app off (its
 * recovery codes go too, unless passkeys stay: they keep the codes; passkeys are each removed on
 * their own). The password must be right
 * (422 on `password`) and the code a current one of the app, or an unused recovery code, spent
 * under the lock (422 on `code`; 403 while codes are locked). The owner is e-mailed. 409 when no
 * authenticator is on.
 */
export async function disableTotp(sql: Sql, c: FactorCaller, v: { password: string; code: string }) {
  const u = c.user;
  const row = await q.totpOf(sql, u.id);
  if (!row?.confirmed_at) throw new Conflict(NOT_ON);
  const stored = (await passwordHashOf(sql, u.id)) ?? '';
  if (!stored || !(await verifyPassword(v.password, stored))) throw new Invalid({ password: ['The password is not right.'] });
  const spent = await spendUnderLock(sql, c.key, u, v.code, c.who);
  if (spent === 'used') throw new Invalid({ code: [CODE_JUST_USED] });
  if (!spent) throw new Invalid({ code: [CODE_WRONG] });
  const company = await companyName(sql);
  await sql.transaction(async (tx) => {
    await q.removeTotp(tx, u.id);
    if ((await q.factorsOf(tx, u.id)).passkeys === 0) await q.removeRecoveryCodes(tx, u.id);
    await tellOwner(tx, company, c.who, u, 'two_step_off', { kind: 'totp_off' });
  });
}
