/**
 * The two halves of a cookie the console writes and the server reads (the `theme` cookie,
 * common/theme-cookie.ts; the `signed_in` hint, common/signed-in-cookie.ts). Pure: no DOM, no Node.
 */

/**
 * The value of the first `name=` pair of a Cookie header (or `document.cookie`), trimmed, or
 * null when there is none. Pairs are split on `;` and compared by name, with no pattern built
 * from `name`: linear in the header's length whatever either argument holds.
 */
export function readCookie(header: string | null | undefined, name: string): string | null {
  for (const pair of (header ?? '').split(';')) {
    const eq = pair.indexOf('=');
    if (eq >= 0 && pair.slice(0, eq).trim() === name) return pair.slice(eq + 1).trim();
  }
  return null;
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
