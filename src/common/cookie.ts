/**
 * The two halves of a cookie the console writes and the server reads (the `theme` cookie,
 * common/theme-cookie.ts; the `signed_in` hint, common/signed-in-cookie.ts). Pure: no DOM, no Node.
 */

/**
 * The value of the first `name=` pair of a Cookie header (or `document.cookie`), trimmed, or
 * null when there is none. `name` is one of this app's cookie names (letters and `_`), never input.
 */
export function readCookie(header: string | null | undefined, name: string): string | null {
  const m = new RegExp(`(?:^|;)\\s*${name}\\s*=\\s*([^;]*)`).exec(header ?? '');
  return m ? m[1].trim() : null;
}

/**
 * The `document.cookie` assignment that sets `name` to `value` site-wide (Path=/, SameSite=Lax,
 * Secure over https) for `maxAge` seconds (omitted: until the browser closes), or that removes
 * it when `value` is null.
 */
export function cookieAssignment(name: string, value: string | null, o: { secure: boolean; maxAge?: number }): string {
  const attributes = `; Path=/; SameSite=Lax${o.secure ? '; Secure' : ''}`;
  if (value === null) return `${name}=${attributes}; Max-Age=0`;
  return `${name}=${value}${attributes}${o.maxAge === undefined ? '' : `; Max-Age=${o.maxAge}`}`;
}
