/**
 * Two-step sign-in's plain rules and words, shared by the API and the console (docs/security.md
 * "Two-step sign-in"). Pure: no DOM, no Node.
 */
import type { ApiMessageCode } from './i18n/api-message-codes.ts';

/** The issuer an authenticator app shows beside the account. */
export const TWO_STEP_ISSUER = 'Events Back-office';
/** How many recovery codes turning the authenticator on makes (each works once). */
export const RECOVERY_CODES = 10;
/** Wrong attempts one sign-in step allows; the next answers 429. */
export const CODE_ATTEMPTS = 5;
/** How long the second step of a sign-in (or a passkey prompt) waits, in ms. */
export const CHALLENGE_MS = 5 * 60_000;
/** The refusal of a wrong or spent code. */
export const CODE_WRONG = 'The code is not right.';
/** The refusal of an authenticator code whose 30-second step was already accepted (a sign-in, enrolment or check a moment ago). */
export const CODE_JUST_USED = 'That code was just used: wait for the next one.';
/**
 * The stable codes the API answers beside CODE_WRONG and CODE_JUST_USED (`code` of the refusal,
 * src/common/i18n/api-message-codes.ts): the sign-in screen tells a wrong or spent code by them,
 * whatever language the message is said in.
 */
export const CODE_WRONG_CODE: ApiMessageCode = 'error.codeWrong';
export const CODE_JUST_USED_CODE: ApiMessageCode = 'error.codeJustUsed';
/** What My account says after a sign-in with a recovery code: how many are left. */
export const recoveryUsedNotice = (left: number) => `You used a recovery code (${left} left).`;
/** The refusal of every call but enrolment while a role requires two-step sign-in and the user has none. */
export const TWO_STEP_REQUIRED = 'Your role requires two-step sign-in: turn it on in My account.';
/** The refusal of a second step whose challenge is unknown, used or older than CHALLENGE_MS. */
export const CHALLENGE_GONE = 'This sign-in has expired. Please sign in again.';
/** A password set through a link for an account with two-step sign-in: no session, the user signs in with both. */
export const TWO_STEP_AFTER_RESET = 'Your password was changed. Sign in with it and your second step.';
/** How each session was signed in (My account → Sessions), by tokens.signed_in_with. */
export const SIGNED_IN_WITH = {
  password: 'Password',
  password_code: 'Password + code',
  password_recovery: 'Password + recovery code',
  password_passkey: 'Password + passkey',
  passkey: 'Passkey',
} as const;
export type SignedInWith = keyof typeof SIGNED_IN_WITH;

/** Wrong codes (authenticator or recovery) in a row after which an account's codes are locked until unlocked. */
export const CODE_LOCK_AFTER = 10;
/** Wrong codes in a row at which the owner is told by e-mail. */
export const CODE_WARN_AT = 5;
/** The refusal of a code while the account's codes are locked (at sign-in and wherever a code is typed). */
export const TWO_STEP_LOCKED = `Sign-in codes are locked for this account after ${CODE_LOCK_AFTER} wrong codes in a row. Use the link we e-mailed to the account's owner to unlock them, or ask an administrator. A passkey still signs in.`;
/** How long an e-mailed unlock link works, in ms (7 days). */
export const UNLOCK_LINK_MS = 7 * 24 * 3600_000;
/** What an unlock link says once used. */
export const UNLOCKED_MESSAGE = 'Sign-in codes work again for your account. Sign in with your password and a code.';

/** The changes to a user's second factors that only the owner may make with a session: each asks for the password, a code or a fresh sign-in. */
export const OWNER_ACTIONS = {
  passkey_add: 'add a passkey',
  totp_on: 'turn on the authenticator app',
  totp_replace: 'replace the authenticator app',
  recovery_codes: 'make new recovery codes',
} as const;
export type OwnerAction = keyof typeof OWNER_ACTIONS;
/**
 * The 422 on current_password when such a change comes with neither a password nor a code and
 * the sign-in is older than 5 minutes: "Type your password to add a passkey." (with an
 * authenticator app on: "Type your password or a code from your authenticator app to …").
 */
export const confirmOwnerMessage = (action: OwnerAction, withCode: boolean) =>
  `Type your password${withCode ? ' or a code from your authenticator app' : ''} to ${OWNER_ACTIONS[action]}.`;
/** Why an unlock link does not work, by its state (422 on token, the page's words). */
export const UNLOCK_LINK_MESSAGES = {
  used: 'This link has already been used: your sign-in codes were unlocked with it.',
  expired: 'This link has expired. Ask an administrator to unlock your sign-in codes.',
  invalid: 'This link is not valid: it may be incomplete or changed. Ask an administrator to unlock your sign-in codes.',
} as const;
