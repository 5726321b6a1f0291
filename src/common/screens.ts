/**
 * The admin screens of the product (admin-area §2 route table) and how a menu URL names one.
 * Pure: no DOM, no Node. The console's route table (src/app/admin-screens.ts) and the server's
 * requireScreen use the same keys.
 */

/** Every admin screen: `key` as route/check and requireScreen name it, `name` as a person reads it. '' is the dashboard. */
export const SCREENS: readonly { key: string; name: string }[] = [
  { key: '', name: 'Dashboard' },
  { key: 'permissions', name: 'Permissions' },
  { key: 'roles', name: 'Roles' },
  { key: 'users', name: 'Users' },
  { key: 'pages', name: 'Pages' },
  { key: 'adminmenus', name: 'Menus' },
  { key: 'settings', name: 'Settings' },
  { key: 'organizers', name: 'Organizers' },
  { key: 'activity', name: 'Activity' },
];

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
