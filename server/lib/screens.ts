/**
 * The admin screen a menu URL or a route points at: "/admin/permissions", "admin/permissions/",
 * "permissions" and "http://host/admin/permissions?x" all give "permissions"; "/admin" gives "".
 * Authorisation compares screens, never raw URLs (DESIGN.md §3).
 */
export function screenOf(urlOrRoute: string): string {
  const path = urlOrRoute.trim().replace(/^[a-z]+:\/\/[^/]+/i, '').split(/[?#]/)[0];
  const parts = path.split('/').filter(Boolean);
  if (parts[0] === 'admin') parts.shift();
  return (parts[0] ?? '').toLowerCase();
}
