import type { Sql } from '../../db/sql.ts';
import { liveMenus, type AuthUser } from '../../db/queries/auth.ts';
import { screenOf } from '../rules/screens.ts';

/**
 * Which admin screens a signed-in user may open (admin-area §2, DESIGN.md §3): admin every
 * screen, an organiser (role company) none, any other role the screens of its roles' active
 * menus. Used by the auth middleware, the grants rule (lib/auth/grants.ts) and recognition.
 *
 * A role's screens are read once per signed-in user object: the session cache (session-cache.ts)
 * hands every request of a session the same AuthUser for at most SESSION_CACHE_MS, and forgets
 * it after any write that may change menus or roles, so the screens are exactly as fresh as the
 * user's roles and abilities loaded with it (a menu changed in another process holds here within
 * SESSION_CACHE_MS, as a role change does).
 */
const screensOf = new WeakMap<AuthUser, Promise<Set<string>>>();

/** The admin screens a user may open: every screen for admin, none for company, else its roles' active menus. */
export function allowedScreens(sql: Sql, user: AuthUser): Promise<ReadonlySet<string> | 'all'> {
  if (user.isAdmin) return Promise.resolve('all');
  if (user.isCompany) return Promise.resolve(new Set());
  let screens = screensOf.get(user);
  if (!screens) {
    screens = liveMenus(
      sql,
      user.roles.map((r) => r.id),
    ).then((menus) => new Set(menus.map((m) => screenOf(m.url))));
    screensOf.set(user, screens);
    // A failed read (an outage) is not kept: the next request asks again.
    screens.catch(() => screensOf.delete(user));
  }
  return screens;
}

/** True when `user` may open `screen` (admin always; a role through its active menus; company never). */
export async function mayOpen(sql: Sql, user: AuthUser, screen: string): Promise<boolean> {
  const allowed = await allowedScreens(sql, user);
  return allowed === 'all' || allowed.has(screen);
}
