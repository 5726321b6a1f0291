/**
 * The admin screens of the product (admin-area §2 route table) and how a menu URL names one.
 * Pure: no DOM, no Node. The console's route table (src/app/admin-screens.ts) and the server's
 * requireScreen use the same keys, typed by the resource declarations (resources.ts).
 */
import { DECLARED_SCREENS } from './declared-access.ts';
import type { ScreenKey } from './resources.ts';

/** Every admin screen: `key` as route/check and requireScreen name it, `name` as a person reads it. '' is the dashboard. Derived from resources.ts. */
export const SCREENS: readonly { key: ScreenKey; name: string }[] = DECLARED_SCREENS.map(({ key, name }) => ({ key, name }));
export type { ScreenKey, AdminScreenKey } from './resources.ts';

/**
 * The admin screen a menu URL or a route points at: "/admin/permissions", "admin/permissions/",
 * "permissions" and "http://host/admin/permissions?x" all give "permissions"; "/admin" gives "".
 * Authorisation compares screens, never raw URLs (DESIGN.md §3).
 */
export function screenOf(urlOrRoute: string): string {
  const path = urlOrRoute
    .trim()
    .replace(/^[a-z]+:\/\/[^/]+/i, '')
    .split(/[?#]/)[0];
  const parts = path.split('/').filter(Boolean);
  if (parts[0] === 'admin') parts.shift();
  return (parts[0] ?? '').toLowerCase();
}
