import { createContext, useCallback, useContext, useMemo, useReducer, type ReactNode } from 'react';
import { clearSession, readStored, storeSession } from '../lib/storage.ts';
import { rememberLocale, rememberTimeZone } from '../lib/i18n.ts';
import { isLocale } from '../common/i18n/locales.ts';

/**
 * The signed-in session (admin-area §4) as context plus a reducer. The token and role live in
 * storage (lib/storage.ts) so a reload keeps them; the reducer mirrors them for rendering and
 * holds what the shell loads: the user's name and live admin menus.
 */
export interface MenuItem {
  id: number;
  title: string;
  url: string;
  status: number;
}
/** The signed-in session: token, role, organiser id (company users), name and menus (null until loaded). */
export interface SessionState {
  token: string | null;
  role: string | null;
  companyId: string | null;
  name: string;
  menus: MenuItem[] | null;
}
/** What can happen to the session. */
export type SessionAction =
  | { type: 'signedIn'; token: string; role: string; companyId: string | null }
  | { type: 'signedOut' }
  | { type: 'userLoaded'; name: string }
  | { type: 'menusLoaded'; menus: MenuItem[] };

/** The next session state after `action` (pure): signed in, signed out, user or menus loaded. */
export function sessionReducer(state: SessionState, action: SessionAction): SessionState {
  switch (action.type) {
    case 'signedIn':
      return { ...state, token: action.token, role: action.role, companyId: action.companyId };
    case 'signedOut':
      return { token: null, role: null, companyId: null, name: '', menus: null };
    case 'userLoaded':
      return { ...state, name: action.name };
    case 'menusLoaded':
      return { ...state, menus: action.menus };
  }
}

const initial = (): SessionState => {
  // No session in either store: whatever personal value is left (a session that ended while the browser was closed) goes.
  if (readStored('token') === null) clearSession();
  return { token: readStored('token'), role: readStored('user_role'), companyId: readStored('companyid'), name: '', menus: null };
};

interface SessionApi {
  state: SessionState;
  signIn(
    s: { token: string; role: string; companyid?: number | null; id?: number | null; language?: string | null; time_zone?: string },
    remember: boolean,
  ): void;
  signOut(): void;
  dispatch(a: SessionAction): void;
}
const Ctx = createContext<SessionApi | null>(null);

/** Provides the session (token, role, organiser, name, menus) read from storage at start. */
export function SessionProvider({ children }: { children: ReactNode }) {
  const [state, dispatch] = useReducer(sessionReducer, undefined, initial);
  const signIn = useCallback<SessionApi['signIn']>((s, remember) => {
    storeSession(s, remember);
    // The user's saved language is this browser's from now on (app/account-language.ts shows it).
    if (isLocale(s.language)) rememberLocale(s.language);
    // So is their time zone (none saved: the browser's), which formatDateTime shows times in.
    rememberTimeZone(s.time_zone ?? null);
    dispatch({ type: 'signedIn', token: s.token, role: s.role, companyId: s.companyid != null ? String(s.companyid) : null });
  }, []);
  const signOut = useCallback(() => {
    clearSession();
    dispatch({ type: 'signedOut' });
  }, []);
  const value = useMemo(() => ({ state, signIn, signOut, dispatch }), [state, signIn, signOut]);
  return <Ctx.Provider value={value}>{children}</Ctx.Provider>;
}

/** The session and its actions (signIn, signOut, …) of the nearest SessionProvider. */
export function useSession(): SessionApi {
  const s = useContext(Ctx);
  if (!s) throw new Error('useSession outside SessionProvider');
  return s;
}
