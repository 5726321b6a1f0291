/**
 * Whether this browser holds a session, as the server reads it. The token lives in
 * storage (src/lib/storage.ts, DESIGN.md §3), out of the server's sight, so the console mirrors
 * the fact, never the token, in the `signed_in` cookie: the server puts a console's prerendered
 * frame in the page (server/routes/console.ts) only when it is there, and a signed-out visitor
 * of /admin/… is sent to the sign-in page without the console's frame flashing first. A hint for
 * the first paint and no credential: every API call still checks the token. Pure: no DOM, no Node.
 */
import { cookieAssignment, readCookie } from './cookie.ts';

export const SIGNED_IN_COOKIE = 'signed_in';

/** Where the session is kept: Remember Me (localStorage), this tab (sessionStorage), or none. */
export type SessionKept = 'remembered' | 'tab' | 'none';

/** True when a Cookie header (or `document.cookie`) carries the hint. */
export function signedInFromCookie(cookie: string | null | undefined): boolean {
  return readCookie(cookie, SIGNED_IN_COOKIE) === '1';
}

/**
 * The `document.cookie` assignment for a session `kept` as given: for 30 days with Remember Me
 * (as long as such a session lasts, server/services/auth.ts), until the browser closes without
 * it, removed when there is none (site-wide, SameSite=Lax, Secure over https).
 */
export function signedInCookie(kept: SessionKept, secure: boolean): string {
  return cookieAssignment(SIGNED_IN_COOKIE, kept === 'none' ? null : '1', { secure, maxAge: kept === 'remembered' ? 30 * 86400 : undefined });
}
