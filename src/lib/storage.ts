import { signedInCookie, signedInFromCookie, type SessionKept } from '../common/signed-in-cookie.ts';

/**
 * The values the console keeps in the browser (admin-area §3): token, user_role, companyid,
 * cusToken, adminToken, plus the company name shown in the organiser console and the signed-in
 * user's id (`user_id`, which keys that user's personal values below).
 * With Remember Me the session lives in localStorage; without it in sessionStorage, so it ends
 * with the tab (DESIGN.md §3). Reads look in sessionStorage first.
 */
export type StoredKey = 'token' | 'user_role' | 'companyid' | 'cusToken' | 'adminToken' | 'company_name' | 'user_id';

/**
 * Keeps the `signed_in` cookie (common/signed-in-cookie.ts) saying whether a session is kept
 * here: at start (main.tsx) written only when it says otherwise; with `changed` (a sign-in or
 * sign-out just now) always, so its lifetime follows the new session's. Blocked cookies only
 * cost a console's first paint its frame.
 */
export function syncSignedInCookie(changed = false): void {
  try {
    const kept = sessionKept();
    if (changed || signedInFromCookie(document.cookie) !== (kept !== 'none')) document.cookie = signedInCookie(kept, location.protocol === 'https:');
  } catch {
    /* cookies or storage blocked */
  }
}

const stores = () => [globalThis.sessionStorage, globalThis.localStorage].filter(Boolean);

/** Where the session is kept: this tab (sessionStorage holds the token), Remember Me (localStorage does), or none. Throws when storage is blocked. */
function sessionKept(): SessionKept {
  if (sessionStorage.getItem('token') !== null) return 'tab';
  return localStorage.getItem('token') !== null ? 'remembered' : 'none';
}

/** The store beside the token: sessionStorage when it holds it, else localStorage. */
const tokenStore = () => (sessionKept() === 'tab' ? sessionStorage : localStorage);

/** The stored value of `key` from either store (Remember Me: localStorage, else sessionStorage), or null. */
export const readStored = (key: StoredKey): string | null => {
  for (const s of stores()) {
    const v = s.getItem(key);
    if (v !== null) return v;
  }
  return null;
};

/** Writes next to the token: in the store that holds it, or localStorage when there is none. */
export function writeStored(key: StoredKey, value: string): void {
  tokenStore().setItem(key, value);
}

/** Removes `keys` from both stores. */
export const removeStored = (...keys: StoredKey[]) => {
  for (const s of stores()) for (const k of keys) s.removeItem(k);
};

/**
 * Stores a new session after sign-in; `remember` picks localStorage over sessionStorage. `id` is
 * the user's id from the sign-in answer. Whatever a previous session left behind (a session that
 * ended while the browser was closed) is removed first.
 */
export function storeSession(s: { token: string; role: string; companyid?: number | null; id?: number | null }, remember: boolean): void {
  clearSession();
  const store = remember ? localStorage : sessionStorage;
  store.setItem('token', s.token);
  store.setItem('user_role', s.role);
  if (s.id != null) store.setItem('user_id', String(s.id));
  if (s.role === 'company' && s.companyid != null) store.setItem('companyid', String(s.companyid));
  syncSignedInCookie(true);
}

/**
 * Sign-out and the end of a session (a GET answered 401): token, user_role, companyid
 * (admin-area §4) and everything personal go — the company name, the user id, every form draft
 * and running-import id of any user (personal values below, and the unkeyed ones older versions
 * kept), so nothing of this person is left for the next one on a shared browser.
 */
export function clearSession(): void {
  removeStored('token', 'user_role', 'companyid', 'company_name', 'cusToken', 'adminToken', 'user_id');
  for (const store of stores()) {
    const keys: string[] = [];
    for (let i = 0; i < store.length; i++) {
      const k = store.key(i);
      if (k !== null && PERSONAL_KEY.test(k)) keys.push(k);
    }
    for (const k of keys) store.removeItem(k);
  }
  syncSignedInCookie(true);
}

/** Keys of personal values: `user:<id>:…`, and the drafts and job ids older versions kept unkeyed. */
const PERSONAL_KEY = /^(user:|campaign-draft:|template-draft:|import-job:)/;

/**
 * Values that belong to the signed-in user (form drafts, the id of a running import): kept next
 * to the token under `user:<user id>:<name>`, so they end with the session (the tab's, without
 * Remember Me), another user on the same browser never reads them, and sign-out removes them
 * (clearSession). Without a known signed-in user nothing is read or kept. `set` may throw when
 * storage is full or off, like Storage.setItem; `get` and `remove` never throw.
 */
export const personal = {
  key(name: string): string | null {
    const id = readStored('user_id');
    return id && readStored('token') !== null ? `user:${id}:${name}` : null;
  },
  get(name: string): string | null {
    try {
      const k = personal.key(name);
      if (k === null) return null;
      for (const s of stores()) {
        const v = s.getItem(k);
        if (v !== null) return v;
      }
    } catch {
      /* storage off */
    }
    return null;
  },
  set(name: string, value: string): void {
    const k = personal.key(name);
    if (k === null) return;
    tokenStore().setItem(k, value);
  },
  remove(name: string): void {
    try {
      const k = personal.key(name);
      if (k !== null) for (const s of stores()) s.removeItem(k);
    } catch {
      /* storage off */
    }
  },
};
