import { http } from '../../lib/http.ts';

import type { AdminBodyOf, LinkState, SignedIn } from '../../common/contract/admin.ts';
/** Login response (admin-area §3): token, role (role name), id; companyid for role company; abilities and assignable roles (the contract's SignedIn). */
export type LoginResult = SignedIn;

/** POST login (admin-area §7). `remember` asks for a 30-day token instead of 12 hours. */
export const login = (email: string, password: string, remember: boolean) =>
  http.post<LoginResult>('login', { email, password, remember_me: remember ? 1 : 0 } satisfies AdminBodyOf<'POST /api/login'>);

/** POST password/forgot (issue 20 §2): resolves to the envelope whose message is the same for every address; 429 when throttled. */
export const forgotPassword = (email: string) => http.post<null>('password/forgot', { email } satisfies AdminBodyOf<'POST /api/password/forgot'>);

/** What a reset or invitation link is: its state, purpose, and (valid only) the account's e-mail and name. */
export type LinkInfo = LinkState;
/** POST password/link: the state of the link token (from the page's URL fragment). */
export const linkInfo = async (token: string) => (await http.post<LinkInfo>('password/link', { token } satisfies AdminBodyOf<'POST /api/password/link'>)).data;
/** POST password/reset: sets the password through the link and signs in (as login answers); 422 on token, password or password_confirmation. */
export const setPasswordByLink = (token: string, password: string, confirmation: string) =>
  http.post<LoginResult>('password/reset', { token, password, password_confirmation: confirmation } satisfies AdminBodyOf<'POST /api/password/reset'>);
