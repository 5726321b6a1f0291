import { http } from '../../lib/http.ts';

import type { Account, AccountSession, AdminBodyOf } from '../../common/contract/admin.ts';
/** The signed-in user's own account (issue 20 §4), as the wire contract declares it. */
export type { Account } from '../../common/contract/admin.ts';
/** One signed-in browser; times in ms since 1970; `current` marks this browser (the contract's AccountSession). */
export type Session = AccountSession;

/** GET account. */
export const getAccount = async () => (await http.get<Account>('account')).data;
/** PUT account {name}: resolves to the envelope (message: the toast); 422 on name. */
export const saveName = (name: string) => http.put<Account>('account', { name } satisfies AdminBodyOf<'PUT /api/account'>);
/** PUT account/password: 422 on current_password, password or password_confirmation; 429 when throttled. */
export const changePassword = (current: string, password: string, confirmation: string) =>
  http.put<{ ended: number }>('account/password', { current_password: current, password, password_confirmation: confirmation } satisfies AdminBodyOf<'PUT /api/account/password'>);
/** GET account/sessions, most recently used first. */
export const getSessions = async () => (await http.get<Session[]>('account/sessions')).data;
/** DELETE account/sessions/{id}: signs that browser out. */
export const endSession = (id: number) => http.del(`account/sessions/${id}`);
/** POST account/sessions/others: signs out every other browser; data.ended says how many. */
export const endOtherSessions = () => http.post<{ ended: number }>('account/sessions/others');
