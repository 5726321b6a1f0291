import { http } from '../../lib/http.ts';

/** Login response (admin-area §3): token, role (role name), id; companyid for role company. */
export interface LoginResult { token: string; role: string; id: number; name: string; companyid: number | null }

/** POST login (admin-area §7). `remember` asks for a 30-day token instead of 12 hours. */
export const login = (email: string, password: string, remember: boolean) =>
  http.post<LoginResult>('login', { email, password, remember_me: remember ? 1 : 0 });
