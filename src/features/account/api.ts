import { http } from '../../lib/http.ts';

import type { Account, AccountSession, AdminBodyOf, EndedWithPasskeys, PasskeyAdded, TotpSetup, TwoStepStatus } from '../../common/contract/admin.ts';
/** The signed-in user's own account, as the wire contract declares it. */
export type { Account } from '../../common/contract/admin.ts';
/** One signed-in browser; times in ms since 1970; `current` marks this browser (the contract's AccountSession). */
export type Session = AccountSession;

/** GET account. */
export const getAccount = async () => (await http.get<Account>('account')).data;
/** PUT account {name}: resolves to the envelope (message: the toast); 422 on name. */
export const saveName = (name: string) => http.put<Account>('account', { name } satisfies AdminBodyOf<'PUT /api/account'>);
/** PUT account/password: data.ended, and data.passkeys (they still sign in without the password); 422 on current_password, password or password_confirmation; 429 when throttled. */
export const changePassword = (current: string, password: string, confirmation: string) =>
  http.put<EndedWithPasskeys>('account/password', {
    current_password: current,
    password,
    password_confirmation: confirmation,
  } satisfies AdminBodyOf<'PUT /api/account/password'>);
/** GET account/sessions, most recently used first. */
export const getSessions = async () => (await http.get<Session[]>('account/sessions')).data;
/** DELETE account/sessions/{id}: signs that browser out. */
export const endSession = (id: number) => http.del(`account/sessions/${id}`);
/** POST account/sessions/others: signs out every other browser; data.ended says how many, data.passkeys the passkeys that still sign in. */
export const endOtherSessions = () => http.post<EndedWithPasskeys>('account/sessions/others');

/**
 * How the owner confirms a change to their factors (docs/security.md "Confirming it is you"):
 * the password, or a code of the authenticator app; none within 5 minutes of signing in (the
 * server then answers 422 on current_password and owner-confirm.tsx asks).
 */
export interface OwnerProof {
  current_password?: string;
  code?: string;
}

/** My two-step sign-in (the contract's TwoStepStatus): authenticator app on, recovery codes left, passkeys, whether a role requires it. */
export type TwoStep = TwoStepStatus;
/** GET account/two-step. */
export const getTwoStep = async () => (await http.get<TwoStepStatus>('account/two-step')).data;
/** POST account/two-step/totp: a new secret (base32), its URI and QR code (an SVG data URL); 409 when already on or the server has no key. */
export const beginTotp = async () => (await http.post<TotpSetup>('account/two-step/totp')).data;
/** POST account/two-step/totp/replace: a new secret, its URI and QR code for a new phone while the app is on (confirmed by confirmTotp); 409 when the app is off. */
export const replaceTotp = async () => (await http.post<TotpSetup>('account/two-step/totp/replace')).data;
/** POST account/two-step/totp/confirm {code, current_password?}: turns the app on, or confirms its replacement; data.recovery_codes, shown once; 422 on code or current_password. */
export const confirmTotp = (code: string, proof: OwnerProof = {}) =>
  http.post<{ recovery_codes: string[] }>('account/two-step/totp/confirm', {
    code,
    current_password: proof.current_password,
  } satisfies AdminBodyOf<'POST /api/account/two-step/totp/confirm'>);
/** POST account/two-step/recovery-codes: 10 new recovery codes (the old ones stop working), shown once; 422 on current_password or code; 409 without the app. */
export const newRecoveryCodes = (proof: OwnerProof = {}) =>
  http.post<{ recovery_codes: string[] }>('account/two-step/recovery-codes', proof satisfies AdminBodyOf<'POST /api/account/two-step/recovery-codes'>);
/** POST account/two-step/disable {password, code}: turns the app off; 422 on password or code; 429 when throttled. */
export const disableTotp = (password: string, code: string) =>
  http.post<null>('account/two-step/disable', { password, code } satisfies AdminBodyOf<'POST /api/account/two-step/disable'>);
/** POST account/passkeys/options: the creation options of a new passkey (WebAuthn JSON). */
export const passkeyOptions = async () => (await http.post<Record<string, unknown>>('account/passkeys/options')).data;
/** Who is told of the recovery codes a first passkey came with (onFirstPasskeyCodes). */
const codesListeners = new Set<(codes: string[]) => void>();
/**
 * Calls `listener` with the recovery codes the account's first second factor came with when a
 * passkey is added (addPasskey), whichever card added it: the card that shows recovery codes
 * shows them once. Resolves to the unsubscribe.
 */
export const onFirstPasskeyCodes = (listener: (codes: string[]) => void) => {
  codesListeners.add(listener);
  return () => {
    codesListeners.delete(listener);
  };
};
/**
 * POST account/passkeys {name, credential, current_password?, code?}: stores the passkey the
 * browser made; 422 on name, credential, current_password or code. With the account's first
 * second factor the answer carries 10 recovery codes, handed to onFirstPasskeyCodes' listeners.
 */
export const addPasskey = async (name: string, credential: string, proof: OwnerProof = {}) => {
  const r = await http.post<PasskeyAdded>('account/passkeys', { name, credential, ...proof } satisfies AdminBodyOf<'POST /api/account/passkeys'>);
  const codes = r.data.recovery_codes;
  if (codes?.length) for (const l of codesListeners) l(codes);
  return r;
};
/** DELETE account/passkeys/{id}. */
export const removePasskey = (id: number) => http.del(`account/passkeys/${id}`);
