import { z } from 'zod';
import { Id } from './base.ts';
import { LOCALES } from '../i18n/locales.ts';
import { Ended, PASSWORD_MAX_LENGTH, SignedIn } from './account.ts';

/**
 * Two-step sign-in in the wire contract (docs/security.md "Two-step sign-in"): the second step
 * of POST login, My account's authenticator app, recovery codes and passkeys, and the
 * administrator's reset. ./admin.ts names these routes in ADMIN_CONTRACT.
 */

/**
 * POST login's answer when the account has a second factor: no session yet, the challenge of the
 * second step (5 minutes, single use) and the factors it accepts; `codes_locked` while the
 * account's codes are locked after too many wrong ones (methods then hold no code or recovery).
 */
export const MfaRequired = z.object({
  mfa_required: z.literal(true),
  challenge: z.string(),
  methods: z.array(z.enum(['code', 'recovery', 'passkey'])),
  codes_locked: z.boolean().optional(),
});
export type MfaRequired = z.infer<typeof MfaRequired>;
/**
 * A session as POST login answers it: `two_step_required` when a role requires two-step sign-in
 * the user has not turned on (only enrolment is open); `recovery_codes_left` after a second step
 * answered with a recovery code (how many are left); `language` the user's saved language (null:
 * none chosen), which the console shows from the first page after signing in (docs/languages.md);
 * `time_zone` the user's saved time zone ('' none: the browser's), which the console's times use.
 */
export const SignedInAnswer = SignedIn.extend({
  two_step_required: z.boolean().optional(),
  recovery_codes_left: z.number().int().optional(),
  language: z.enum(LOCALES).nullable().optional(),
  time_zone: z.string().optional(),
});
export type SignedInAnswer = z.infer<typeof SignedInAnswer>;
/** What POST login answers: a session, or the second step. */
export const LoginAnswer = z.union([SignedInAnswer, MfaRequired]);
export type LoginAnswer = z.infer<typeof LoginAnswer>;
/** POST login/mfa: the challenge and a code of the authenticator app or a recovery code. */
export const MfaInput = z.object({ challenge: z.string().max(200).optional(), code: z.string().max(64).optional() });
export type MfaInput = z.infer<typeof MfaInput>;

/** One passkey of the caller (times in ms). */
export const PasskeyView = z.object({ id: Id, name: z.string(), created_at: z.number(), last_used_at: z.number().nullable() });
export type PasskeyView = z.infer<typeof PasskeyView>;
/** POST account/passkeys' answer: the passkey, and with the first second factor of an account (no app, no passkey before) its 10 recovery codes, answered once. */
export const PasskeyAdded = PasskeyView.extend({ recovery_codes: z.array(z.string()).optional() });
export type PasskeyAdded = z.infer<typeof PasskeyAdded>;
/**
 * GET account/two-step: whether any second factor is on, the authenticator app, unused recovery
 * codes, passkeys, whether a role requires it, whether the codes are locked, and
 * `recovery_sign_in` (present when true) while this session was signed in with a recovery code
 * and no authenticator app was set up since.
 */
export const TwoStepStatus = z.object({
  recovery_sign_in: z.literal(true).optional(),
  enabled: z.boolean(),
  totp: z.boolean(),
  recovery_codes_left: z.number().int(),
  required: z.boolean(),
  codes_locked: z.boolean(),
  passkeys: z.array(PasskeyView),
});
export type TwoStepStatus = z.infer<typeof TwoStepStatus>;
/** POST account/two-step/totp: the new secret (base32), its otpauth:// URI and the QR code of it (an SVG data URL). */
export const TotpSetup = z.object({ secret: z.string(), uri: z.string(), qr: z.string() });
export type TotpSetup = z.infer<typeof TotpSetup>;
/**
 * How the owner confirms a change to their factors (docs/security.md "Confirming it is you"): the
 * password, or a current code of the authenticator app or a recovery code; neither is needed
 * within 5 minutes of signing in.
 */
const OwnerProof = { current_password: z.string().max(PASSWORD_MAX_LENGTH).optional(), code: z.string().max(64).optional() };
/** POST account/two-step/totp/confirm: the first code of the app, and the password unless the sign-in is fresh. */
export const TotpConfirmInput = z.object({ code: z.string().max(64).optional(), current_password: OwnerProof.current_password });
/** POST account/two-step/recovery-codes: the owner's password or a code (OwnerProof). */
export const RecoveryCodesInput = z.object(OwnerProof);
export type RecoveryCodesInput = z.infer<typeof RecoveryCodesInput>;
/** The recovery codes, answered once. */
export const RecoveryCodes = z.object({ recovery_codes: z.array(z.string()) });
/** POST account/two-step/disable: the password and a current code (or a recovery code). */
export const TwoStepDisableInput = z.object({ password: z.string().max(PASSWORD_MAX_LENGTH).optional(), code: z.string().max(64).optional() });

/** POST account/passkeys: the passkey's name, the browser's answer (the credential as JSON text) and the owner's password or a code (OwnerProof). */
export const PasskeyInput = z.object({ name: z.string().max(200).optional(), credential: z.string().max(65_536).optional(), ...OwnerProof });
export type PasskeyInput = z.infer<typeof PasskeyInput>;
/** POST two-step/unlock: the token of the e-mailed unlock link. */
export const UnlockInput = z.object({ token: z.string().max(200).optional() });
/** PUT account/password and POST account/sessions/others: how many sessions ended, and the passkeys that still sign in (each removed with DELETE account/passkeys/{id}). */
export const EndedWithPasskeys = Ended.extend({ passkeys: z.array(PasskeyView) });
export type EndedWithPasskeys = z.infer<typeof EndedWithPasskeys>;
/** POST login/passkey/options: the challenge of a sign-in's second step, or none (passwordless, with Remember Me). */
export const PasskeyOptionsInput = z.object({
  challenge: z.string().max(200).optional(),
  remember_me: z.union([z.string(), z.number(), z.boolean()]).optional(),
});
/** POST login/passkey: the browser's answer (the credential as JSON text). */
export const PasskeySignInInput = z.object({ credential: z.string().max(65_536).optional() });
/** GET login/passkey/site: the passkeys' relying party, its id (a host name) and the console's origin (src/common/passkey-site.ts). */
export const PasskeySiteView = z.object({ id: z.string(), origin: z.string() });
/** WebAuthn options as the browser's navigator.credentials takes them once decoded (base64url fields; see the WebAuthn spec's JSON forms). */
const WebAuthnOptions = z.object({ challenge: z.string() }).passthrough();

/** The routes of two-step sign-in, keyed "METHOD /api/path/{param}" (spread into ADMIN_CONTRACT). */
export const TWO_STEP_CONTRACT = {
  'POST /api/login/mfa': {
    summary: 'Second step of a sign-in: the challenge and a code or recovery code (5 wrong per challenge, then 429)',
    body: MfaInput,
    data: SignedIn,
  },
  'GET /api/account/two-step': { summary: 'My two-step sign-in: authenticator app, recovery codes left, passkeys', data: TwoStepStatus },
  'POST /api/account/two-step/totp': { summary: 'Start turning on the authenticator app: a new secret and its QR code', data: TotpSetup },
  'POST /api/account/two-step/totp/replace': {
    summary: 'Start replacing the authenticator app (a new phone): a new secret and its QR code, confirmed like turning it on',
    data: TotpSetup,
  },
  'POST /api/account/two-step/totp/confirm': {
    summary: 'Confirm the authenticator app (or its replacement) with a code; answers the 10 recovery codes once',
    body: TotpConfirmInput,
    data: RecoveryCodes,
  },
  'POST /api/account/two-step/disable': { summary: 'Turn the authenticator app off (password and a current code)', body: TwoStepDisableInput, data: z.null() },
  'POST /api/account/two-step/recovery-codes': {
    summary: 'Make 10 new recovery codes (the password, a code or a sign-in within 5 minutes); answered once',
    body: RecoveryCodesInput,
    data: RecoveryCodes,
  },
  'POST /api/account/passkeys/options': { summary: 'Options to create a passkey (PublicKeyCredentialCreationOptionsJSON)', data: WebAuthnOptions },
  'POST /api/account/passkeys': {
    summary: 'Add a passkey: its name, the browser answer and the password or a code (unless signed in within 5 minutes)',
    body: PasskeyInput,
    data: PasskeyAdded,
  },
  'DELETE /api/account/passkeys/{id}': { summary: 'Remove one of my passkeys', data: z.null() },
  'GET /api/login/passkey/site': { summary: "The passkeys' relying party: its id and the console's origin (no session needed)", data: PasskeySiteView },
  'POST /api/login/passkey/options': {
    summary: 'Options to sign in with a passkey (PublicKeyCredentialRequestOptionsJSON): passwordless, or the second step of a sign-in with its challenge',
    body: PasskeyOptionsInput,
    data: WebAuthnOptions,
  },
  'POST /api/login/passkey': { summary: 'Sign in with a passkey answer (answers as POST login)', body: PasskeySignInInput, data: SignedInAnswer },
  'POST /api/user/{id}/two-step/reset': {
    summary: "Reset a user's two-step sign-in: every factor removed, every session ended, the user e-mailed",
    data: z.null(),
  },
  'POST /api/user/{id}/two-step/unlock': { summary: "Unlock a user's sign-in codes locked after too many wrong ones; the user e-mailed", data: z.null() },
  'POST /api/two-step/unlock': { summary: 'Unlock my sign-in codes with the e-mailed link (single use)', body: UnlockInput, data: z.null() },
} as const;
