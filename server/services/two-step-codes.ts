import { randomInt } from 'node:crypto';
import { createRequire } from 'node:module';
import type * as OTPAuth from 'otpauth';
import type { Sql } from '../db/sql.ts';
import { Conflict, DomainError, Invalid, Refused } from '../runtime/domain-errors.ts';
import { sha256 } from '../lib/auth/passwords.ts';
import { open, TWO_STEP_KEY_MISSING } from '../lib/auth/two-step-key.ts';
import { checkLinkToken } from '../lib/auth/account-links.ts';
import { recordActivity, type Who } from '../lib/activity/record.ts';
import { wrongCodesMail } from '../lib/mail/templates.ts';
import { enqueueMail } from '../db/queries/outbox.ts';
import { recipientLanguage } from '../db/queries/mail-recipients.ts';
import { getCompanySettings } from '../db/queries/settings.ts';
import { endLinks, useAccountToken } from '../db/queries/account-tokens.ts';
import { loadAuthUser } from '../db/queries/auth.ts';
import * as q from '../db/queries/two-step.ts';
import { CODE_LOCK_AFTER, CODE_WARN_AT, TWO_STEP_ISSUER, TWO_STEP_LOCKED, UNLOCK_LINK_MESSAGES, UNLOCKED_MESSAGE } from '../../src/common/two-step.ts';

/**
 * The codes of two-step sign-in and their lock (docs/security.md "Two-step sign-in", "Second step
 * locked"): authenticator codes (TOTP, RFC 6238 through `otpauth`: SHA-1, 6 digits, 30 s, ±1
 * step) and recovery codes (kept as SHA-256 only). Every code typed anywhere (the second step of
 * a sign-in, turning the app off, confirming it is the owner) is spent through `spendUnderLock`:
 * CODE_LOCK_AFTER wrong ones in a row lock the account's codes, whatever the challenges and
 * addresses, until the owner's e-mailed link (`unlockByLink`) or an administrator unlocks them;
 * the owner is told at CODE_WARN_AT and at the lock. Passkeys are not codes: the lock leaves them be.
 */

/** A user whose code is checked, as its activity row and e-mails name it. */
export interface CodeUser {
  id: number;
  name: string;
  email: string;
  companyId: number | null;
}

/** otpauth, loaded on first use: a start (and a server that never enrols anyone) does not pay for it. */
const requireHere = createRequire(import.meta.url);
let otpauth: typeof OTPAuth | undefined;
/** The otpauth module. */
export const otp = () => (otpauth ??= requireHere('otpauth') as typeof OTPAuth);

/** The TOTP of a base32 secret for `label` (the user's e-mail). */
export const totpFor = (secret: string, label: string) =>
  new (otp().TOTP)({ issuer: TWO_STEP_ISSUER, label, algorithm: 'SHA1', digits: 6, period: 30, secret: otp().Secret.fromBase32(secret) });

/** Digits of a typed code (spaces and dashes dropped); '' unless exactly 6 digits. */
export const codeDigits = (code: string) => {
  const d = code.replace(/[\s-]/g, '');
  return /^\d{6}$/.test(d) ? d : '';
};

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
export const recoveryCode = () => {
  const c = Array.from({ length: 10 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
  return `${c.slice(0, 5)}-${c.slice(5)}`;
};

/** The key, or 409 TWO_STEP_KEY_MISSING for an authenticator without one. */
export const needKey = (key: Buffer | null | undefined) => {
  if (!key) throw new Conflict(TWO_STEP_KEY_MISSING);
  return key;
};

/** The base32 secret of the user's authenticator row, opened with `key`; 409 when the key cannot open it. */
export function secretOf(key: Buffer | null | undefined, row: q.TotpRow): string {
  try {
    return open(needKey(key), row.secret);
  } catch (err) {
    if (err instanceof DomainError) throw err;
    throw new Conflict(
      "The authenticator secret cannot be read with this server's TWO_STEP_KEY (was the key changed?). An administrator can reset your two-step sign-in.",
    );
  }
}

/**
 * How a typed code was spent: an authenticator code, a recovery code, or `used`: an
 * authenticator code of the very step accepted last (right, but spent a moment ago; CODE_JUST_USED).
 */
export type Spent = 'code' | 'recovery' | 'used';

/**
 * Spends `code` for the user: a current authenticator code whose step is newer than every step
 * accepted before (so a code works once), or an unused recovery code (then used up). Resolves to
 * how it was spent, `used` for a code of the step accepted last (nothing spent), or null when it
 * is not right. Counts nothing: callers go through spendUnderLock.
 */
async function spendCode(
  sql: Sql,
  key: Buffer | null | undefined,
  u: { id: number; email: string },
  row: q.TotpRow | undefined,
  code: string,
): Promise<Spent | null> {
  if (row?.confirmed_at && codeDigits(code)) {
    const step = stepOf(secretOf(key, row), u.email, code);
    if (step === null) return null;
    if ((await q.acceptStep(sql, u.id, step)) === 1) return 'code';
    return step === Number(row.last_step) ? 'used' : null;
  }
  const rc = normaliseRecovery(code);
  if (rc.length !== 10) return null;
  return (await q.useRecoveryCode(sql, u.id, recoveryHash(rc))) === 1 ? 'recovery' : null;
}

/** The refusal of any code while the user's codes are locked: 403 TWO_STEP_LOCKED, data `{ two_step_locked: true }`. */
export const lockedRefusal = () => new Refused(TWO_STEP_LOCKED, { two_step_locked: true });

/**
 * Spends `code` for `u` under the lock, in one transaction that holds the user's guard row (so
 * parallel guesses are judged one by one): refused without a look at the code while the codes are
 * locked (lockedRefusal); a right code starts the count of wrong ones again and runs `onRight`
 * in the same transaction (a sign-in's challenge is used up with it); a code of the step accepted
 * last resolves to `used`, neither counted nor spent (the owner typed it twice); a wrong one is counted and
 * logged (`two_step_failed` by `who`), at CODE_WARN_AT in a row the owner gets wrongCodesMail,
 * at CODE_LOCK_AFTER the codes lock (`two_step_locked`) and an `unlock` e-mail is queued, whose
 * link the sender makes (lib/mail/sender.ts). Resolves to how the code was spent, or null when it
 * was wrong (that count committed). `from` is the client address the warning names.
 */
export async function spendUnderLock(
  sql: Sql,
  key: Buffer | null | undefined,
  u: CodeUser,
  code: string,
  who: Who,
  onRight?: (tx: Sql) => Promise<void>,
): Promise<Spent | null> {
  const company = (await getCompanySettings(sql)).name;
  const r = await sql.transaction(async (tx) => {
    if ((await q.lockGuard(tx, u.id)).locked) return 'locked' as const;
    const how = await spendCode(tx, key, u, await q.totpOf(tx, u.id), code);
    if (how === 'used') return how;
    if (how) {
      await q.rightCode(tx, u.id);
      await onRight?.(tx);
      return how;
    }
    const wrong = await q.countWrongCode(tx, u.id, CODE_LOCK_AFTER);
    await recordActivity(tx, who, { resource: 'session', action: 'two_step_failed', id: u.id, label: u.email, organiserId: u.companyId, changes: {} });
    if (wrong === CODE_WARN_AT) {
      const language = await recipientLanguage(tx, u.id);
      const mail = wrongCodesMail(company, u.name, wrong, CODE_LOCK_AFTER, who.ip, language);
      await enqueueMail(tx, { kind: 'two_step', to: u.email, toName: u.name, subject: mail.subject, text: mail.text, html: mail.html, refId: u.id, language });
    }
    if (wrong === CODE_LOCK_AFTER) {
      await enqueueMail(tx, { kind: 'unlock', to: u.email, toName: u.name, subject: 'Sign-in codes for your account are locked', refId: u.id });
      await recordActivity(tx, who, { resource: 'users', action: 'two_step_locked', id: u.id, label: u.name, organiserId: u.companyId, changes: {} });
    }
    return null;
  });
  if (r === 'locked') throw lockedRefusal();
  return r;
}

/**
 * POST two-step/unlock {token}: the owner's e-mailed link unlocks the codes (whether or not they
 * are still locked). The link must be a valid unlock link (else 422 on `token` with
 * UNLOCK_LINK_MESSAGES' words and `data.state`); in one transaction it is used (single use: a parallel
 * use loses, "used"), the codes unlocked, the user's other unlock links ended and the activity
 * row written (`who` has no session: the user is its own actor). Resolves to UNLOCKED_MESSAGE.
 */
export async function unlockByLink(sql: Sql, who: Who, token: string) {
  const refuse = (state: 'used' | 'expired' | 'invalid') => new Invalid({ token: [UNLOCK_LINK_MESSAGES[state]] }, { state });
  const { state, row } = await checkLinkToken(sql, token, ['unlock']);
  if (state !== 'valid' || !row) throw refuse(state === 'valid' ? 'invalid' : state);
  const user = await loadAuthUser(sql, row.user_id);
  if (!user) throw refuse('invalid');
  const won = await sql.transaction(async (tx) => {
    if ((await useAccountToken(tx, row.id)) !== 1) return false;
    await q.unlockCodes(tx, user.id);
    await endLinks(tx, user.id, 'unlock');
    await recordActivity(tx, who, { resource: 'users', action: 'two_step_unlock', id: user.id, label: user.name, organiserId: user.companyId, changes: {} });
    return true;
  });
  if (!won) throw refuse('used');
  return UNLOCKED_MESSAGE;
}
