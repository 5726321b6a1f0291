import { http } from '../../lib/http.ts';

import type { AdminBodyOf, LinkState, LoginAnswer, SignedInAnswer } from '../../common/contract/admin.ts';
/**
 * Login response (admin-area §3): token, role (role name), id; companyid for role company;
 * abilities and assignable roles; `two_step_required` while a role requires two-step sign-in the
 * user has not turned on (the contract's SignedInAnswer).
 */
export type LoginResult = SignedInAnswer;

/** POST login (admin-area §7). `remember` asks for a 30-day token instead of 12 hours. An account with two-step sign-in answers `{ mfa_required, challenge, methods }` instead. */
export const login = (email: string, password: string, remember: boolean) =>
  http.post<LoginAnswer>('login', { email, password, remember_me: remember ? 1 : 0 } satisfies AdminBodyOf<'POST /api/login'>);

/** POST login/mfa: the second step with a code of the authenticator app or a recovery code; answers as login. 401 wrong code or expired step, 429 too many tries. */
export const loginMfa = (challenge: string, code: string) =>
  http.post<LoginResult>('login/mfa', { challenge, code } satisfies AdminBodyOf<'POST /api/login/mfa'>);

/** POST password/forgot: resolves to the envelope whose message is the same for every address; 429 when throttled. */
export const forgotPassword = (email: string) => http.post<null>('password/forgot', { email } satisfies AdminBodyOf<'POST /api/password/forgot'>);

/** What a reset or invitation link is: its state, purpose, and (valid only) the account's e-mail and name. */
export type LinkInfo = LinkState;
/** POST password/link: the state of the link token (from the page's URL fragment). */
export const linkInfo = async (token: string) => (await http.post<LinkInfo>('password/link', { token } satisfies AdminBodyOf<'POST /api/password/link'>)).data;
/** POST password/reset: sets the password through the link and signs in (as login answers; null for an account with two-step sign-in, which signs in with both); 422 on token, password or password_confirmation. */
export const setPasswordByLink = (token: string, password: string, confirmation: string) =>
  http.post<LoginResult | null>('password/reset', { token, password, password_confirmation: confirmation } satisfies AdminBodyOf<'POST /api/password/reset'>);

/** POST login/passkey/options: the request options of a passkey sign-in, for the second step of `challenge` or (none) passwordless with Remember Me. */
export const passkeySignInOptions = async (challenge: string | null, remember: boolean) =>
  (
    await http.post<Record<string, unknown>>(
      'login/passkey/options',
      (challenge ? { challenge } : { remember_me: remember ? 1 : 0 }) satisfies AdminBodyOf<'POST /api/login/passkey/options'>,
    )
  ).data;
/** POST login/passkey {credential}: signs in with the passkey's answer; answers as login. 401 refused, 429 too many tries. */
export const passkeySignIn = (credential: string) => http.post<LoginResult>('login/passkey', { credential } satisfies AdminBodyOf<'POST /api/login/passkey'>);
/** POST two-step/unlock: unlocks the account's sign-in codes with the e-mailed link's token (message: what to do next); 422 on token with data.state used, expired or invalid. */
export const unlockTwoStep = (token: string) => http.post<null>('two-step/unlock', { token } satisfies AdminBodyOf<'POST /api/two-step/unlock'>);
