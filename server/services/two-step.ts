import { randomBytes, randomInt } from 'node:crypto';
import { createRequire } from 'node:module';
import type * as OTPAuth from 'otpauth';
import type QRCodeLib from 'qrcode';
import type { Sql } from '../db/sql.ts';
import { Conflict, DomainError, Invalid, Refused } from '../lib/runtime/domain-errors.ts';
import { sha256, verifyPassword } from '../lib/auth/passwords.ts';
import { open, seal, TWO_STEP_KEY_MISSING } from '../lib/auth/two-step-key.ts';
import { passwordHashOf, revokeSessionsExcept } from '../db/queries/sessions.ts';
import { enqueueMail } from '../db/queries/outbox.ts';
import { getCompanySettings } from '../db/queries/settings.ts';
import { twoStepResetMail } from '../lib/mail/templates.ts';
import * as q from '../db/queries/two-step.ts';
import type { AuthUser } from '../db/queries/auth.ts';
import type { ActivityAction, ActivityResource } from '../../src/common/activity.ts';
import type { TotpSetup, TwoStepStatus } from '../../src/common/contract/two-step.ts';
import { CODE_WRONG, RECOVERY_CODES, TWO_STEP_ISSUER } from '../../src/common/two-step.ts';

/**
 * Two-step sign-in, the signed-in user's side (docs/security.md "Two-step sign-in"): the
 * authenticator app (TOTP, RFC 6238 through `otpauth`: SHA-1, 6 digits, 30 s, ±1 step), its
 * recovery codes and turning it off. The secret is sealed with the key outside the database
 * (lib/auth/two-step-key.ts); recovery codes are kept as SHA-256 hashes only. Each change
 * writes its activity row through `log`, in its transaction.
 */

/** Writes the activity row of a two-step change inside its transaction (routes pass lib/activity's recordActivity). */
export type TwoStepLog = (tx: Sql, row: { action: ActivityAction; resource: ActivityResource; resource_id: number; label: string; organizer_id: number | null }) => Promise<void>;

/** otpauth and qrcode, loaded on first use: a start (and a server that never enrols anyone) does not pay for them. */
const requireHere = createRequire(import.meta.url);
let otpauth: typeof OTPAuth | undefined;
const otp = () => (otpauth ??= requireHere('otpauth') as typeof OTPAuth);
const qrcode = () => requireHere('qrcode') as typeof QRCodeLib;

/** The TOTP of a base32 secret for `label` (the user's e-mail). */
export const totpFor = (secret: string, label: string) =>
  new (otp().TOTP)({ issuer: TWO_STEP_ISSUER, label, algorithm: 'SHA1', digits: 6, period: 30, secret: otp().Secret.fromBase32(secret) });

/** Digits of a typed code (spaces and dashes dropped); '' unless exactly 6 digits. */
export const codeDigits = (code: string) => { const d = code.replace(/[\s-]/g, ''); return /^\d{6}$/.test(d) ? d : ''; };

/**
 * The 30-second step a code is right for, judged now with ±1 step of drift, or null. Each code
 * is compared by otpauth in constant time.
 */
export function stepOf(secret: string, label: string, code: string, now = Date.now()): number | null {
  const digits = codeDigits(code);
  if (!digits) return null;
  const totp = totpFor(secret, label);
  const delta = totp.validate({ token: digits, timestamp: now, window: 1 });
  return delta === null ? null : totp.counter({ timestamp: now }) + delta;
}

/** A recovery code as typed, normalised: upper case, without spaces and dashes. */
export const normaliseRecovery = (code: string) => code.replace(/[\s-]/g, '').toUpperCase().slice(0, 64);
/** The stored hash of a recovery code (normalised first). */
export const recoveryHash = (code: string) => sha256(`recovery:${normaliseRecovery(code)}`);

const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
/** A fresh recovery code: 10 characters of a 32-letter alphabet (50 bits) shown as "XXXXX-XXXXX". */
const recoveryCode = () => {
  const c = Array.from({ length: 10 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
  return `${c.slice(0, 5)}-${c.slice(5)}`;
};

/** The key or the refusal of an authenticator enrolment without one. */
const needKey = (key: Buffer | null | undefined) => {
  if (!key) throw new Conflict(TWO_STEP_KEY_MISSING);
  return key;
};

/** The base32 secret of the user's authenticator row, opened with `key`; 409 when the key cannot open it. */
export function secretOf(key: Buffer | null | undefined, row: q.TotpRow): string {
  try { return open(needKey(key), row.secret); } catch (err) {
    if (err instanceof DomainError) throw err;
    throw new Conflict('The authenticator secret cannot be read with this server\'s TWO_STEP_KEY (was the key changed?). An administrator can reset your two-step sign-in.');
  }
}

/** GET account/two-step: what the caller has turned on and whether a role requires it. */
export async function status(sql: Sql, u: AuthUser): Promise<TwoStepStatus> {
  const totp = await q.totpOf(sql, u.id);
  const passkeys = await q.passkeysOf(sql, u.id);
  return {
    enabled: !!totp?.confirmed_at || passkeys.length > 0, totp: !!totp?.confirmed_at, recovery_codes_left: await q.recoveryLeft(sql, u.id),
    required: u.twoStepPending || (await requiredByRole(sql, u.id)),
    passkeys: passkeys.map((p) => ({ id: p.id, name: p.name, created_at: Number(p.created_at), last_used_at: p.last_used_at === null ? null : Number(p.last_used_at) })),
  };
}

/** True when one of the user's roles requires two-step sign-in. */
export const requiredByRole = async (sql: Sql, userId: number) =>
  !!(await sql.get('SELECT 1 AS x FROM user_roles ur JOIN roles r ON r.id = ur.role_id WHERE ur.user_id = ? AND r.require_two_step = 1', [userId]));

/**
 * POST account/two-step/totp: starts an enrolment (a new secret, replacing one not yet
 * confirmed): the base32 secret, its otpauth:// URI and the QR code of the URI as an SVG data URL.
 * 409 when an authenticator is already on, or when the server has no key.
 */
export async function beginTotp(sql: Sql, key: Buffer | null | undefined, u: AuthUser): Promise<TotpSetup> {
  const k = needKey(key);
  if ((await q.totpOf(sql, u.id))?.confirmed_at) throw new Conflict('Two-step sign-in with an authenticator app is already on.');
  const secret = new (otp().Secret)({ size: 20 }).base32;
  if ((await q.startTotp(sql, u.id, seal(k, secret))) !== 1) throw new Conflict('Two-step sign-in with an authenticator app is already on.');
  const uri = totpFor(secret, u.email).toString();
  const svg = await qrcode().toString(uri, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
  return { secret, uri, qr: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` };
}

/**
 * POST account/two-step/totp/confirm {code}: the first code turns the authenticator on (that
 * step spent) and makes 10 recovery codes, answered once (only their hashes are kept).
 * 409 without an enrolment under way; 422 on `code` when it is not right.
 */
export async function confirmTotp(sql: Sql, key: Buffer | null | undefined, u: AuthUser, code: string, log: TwoStepLog) {
  const row = await q.totpOf(sql, u.id);
  if (!row || row.confirmed_at) throw new Conflict(row ? 'Two-step sign-in with an authenticator app is already on.' : 'Start again: choose "Turn on two-step sign-in" first.');
  const step = stepOf(secretOf(key, row), u.email, code);
  if (step === null) throw new Invalid({ code: [CODE_WRONG] });
  const codes = Array.from({ length: RECOVERY_CODES }, recoveryCode);
  const done = await sql.transaction(async (tx) => {
    if ((await q.confirmTotp(tx, u.id, step)) !== 1) return false;
    await q.replaceRecoveryCodes(tx, u.id, codes.map(recoveryHash));
    await log(tx, { action: 'two_step_on', resource: 'users', resource_id: u.id, label: u.name, organizer_id: u.companyId });
    return true;
  });
  if (!done) throw new Conflict('Two-step sign-in with an authenticator app is already on.');
  return { recovery_codes: codes };
}

/**
 * POST account/two-step/disable {password, code}: turns the authenticator app off (its
 * recovery codes go too; passkeys stay, each removed on its own). The password must be right
 * (422 on `password`) and the code a current one of the app, or an unused recovery code
 * (422 on `code`). 409 when no authenticator is on.
 */
export async function disableTotp(sql: Sql, key: Buffer | null | undefined, u: AuthUser, v: { password: string; code: string }, log: TwoStepLog) {
  const row = await q.totpOf(sql, u.id);
  if (!row?.confirmed_at) throw new Conflict('Two-step sign-in with an authenticator app is not on.');
  const stored = (await passwordHashOf(sql, u.id)) ?? '';
  if (!stored || !(await verifyPassword(v.password, stored))) throw new Invalid({ password: ['The password is not right.'] });
  await sql.transaction(async (tx) => {
    if (!(await spendCode(tx, key, u, row, v.code))) throw new Invalid({ code: [CODE_WRONG] });
    await q.removeFactors(tx, u.id, false);
    await log(tx, { action: 'two_step_off', resource: 'users', resource_id: u.id, label: u.name, organizer_id: u.companyId });
  });
}

/**
 * Spends `code` for the user: a current authenticator code whose step is newer than every step
 * accepted before (so a code works once), or an unused recovery code (then used up). Resolves to
 * how it was spent, or null when it is not right.
 */
export async function spendCode(sql: Sql, key: Buffer | null | undefined, u: { id: number; email: string }, row: q.TotpRow | undefined, code: string): Promise<'code' | 'recovery' | null> {
  if (row?.confirmed_at && codeDigits(code)) {
    const step = stepOf(secretOf(key, row), u.email, code);
    return step !== null && (await q.acceptStep(sql, u.id, step)) === 1 ? 'code' : null;
  }
  const rc = normaliseRecovery(code);
  if (rc.length !== 10) return null;
  return (await q.useRecoveryCode(sql, u.id, recoveryHash(rc))) === 1 ? 'recovery' : null;
}

/** A random challenge handed to a client (its SHA-256 is stored). */
export const newChallenge = () => randomBytes(32).toString('base64url');

/**
 * POST user/{id}/two-step/reset (the caller already may edit `target`): removes every factor of
 * the user (authenticator app, recovery codes, passkeys), ends all their sessions and queues an
 * e-mail telling them, in one transaction with its activity row. Resolves to how many sessions ended.
 */
export async function resetTwoStep(sql: Sql, caller: AuthUser, target: { id: number; name: string; email: string; company_id: number | null }, log: TwoStepLog) {
  if (!caller.isAdmin && (await sql.get('SELECT 1 AS x FROM user_roles ur JOIN roles r ON r.id = ur.role_id WHERE ur.user_id = ? AND r.name = ?', [target.id, 'admin'])))
    throw new Refused("Only an administrator may reset an administrator's two-step sign-in.");
  const company = (await getCompanySettings(sql)).name;
  const mail = twoStepResetMail(company, target.name, caller.name);
  return sql.transaction(async (tx) => {
    await q.removeFactors(tx, target.id, true);
    const ended = await revokeSessionsExcept(tx, target.id, '');
    await enqueueMail(tx, { kind: 'two_step', to: target.email, toName: target.name, subject: mail.subject, text: mail.text, html: mail.html, refId: target.id });
    await log(tx, { action: 'two_step_reset', resource: 'users', resource_id: target.id, label: target.name, organizer_id: target.company_id });
    return ended;
  });
}
