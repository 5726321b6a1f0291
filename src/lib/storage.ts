/**
 * The values the console keeps in the browser (admin-area §3): token, user_role, companyid,
 * cusToken, adminToken, plus the company name shown in the organiser console.
 * With Remember Me the session lives in localStorage; without it in sessionStorage, so it ends
 * with the tab (DESIGN.md §3). Reads look in sessionStorage first.
 */
export type StoredKey = 'token' | 'user_role' | 'companyid' | 'cusToken' | 'adminToken' | 'company_name';

const stores = () => [globalThis.sessionStorage, globalThis.localStorage].filter(Boolean);

/** The stored value of `key` from either store (Remember Me: localStorage, else sessionStorage), or null. */
export const readStored = (key: StoredKey): string | null => {
  for (const s of stores()) { const v = s.getItem(key); if (v !== null) return v; }
  return null;
};

/** Writes next to the token: in the store that holds it, or localStorage when there is none. */
export function writeStored(key: StoredKey, value: string): void {
  (sessionStorage.getItem('token') !== null ? sessionStorage : localStorage).setItem(key, value);
}

/** Removes `keys` from both stores. */
export const removeStored = (...keys: StoredKey[]) => { for (const s of stores()) for (const k of keys) s.removeItem(k); };

/** Stores a new session after sign-in; `remember` picks localStorage over sessionStorage. */
export function storeSession(s: { token: string; role: string; companyid?: number | null }, remember: boolean): void {
  removeStored('token', 'user_role', 'companyid');
  const store = remember ? localStorage : sessionStorage;
  store.setItem('token', s.token);
  store.setItem('user_role', s.role);
  if (s.role === 'company' && s.companyid != null) store.setItem('companyid', String(s.companyid));
}

/** Sign-out: token, user_role and companyid go (admin-area §4). */
export const clearSession = () => removeStored('token', 'user_role', 'companyid', 'company_name');
