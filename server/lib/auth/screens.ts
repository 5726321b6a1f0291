import type { Sql } from '../../db/sql.ts';
import { liveMenus, type AuthUser } from '../../db/queries/auth.ts';
import { screenOf } from '../rules/screens.ts';

/**
 * Which admin screens a signed-in user may open (admin-area §2, DESIGN.md §3): admin every
 * screen, an organiser (role company) none, any other role the screens of its roles' active
 * menus. Used by the auth middleware, the grants rule (lib/auth/grants.ts) and recognition.
 */
/** The admin screens a user may open: every screen for admin, none for company, else its roles' active menus. */
export async function allowedScreens(sql: Sql, user: AuthUser): Promise<Set<string> | 'all'> {
  if (user.isAdmin) return 'all';
  if (user.isCompany) return new Set();
  return new Set(
    (
      await liveMenus(
        sql,
        user.roles.map((r) => r.id),
      )
    ).map((m) => screenOf(m.url)),
  );
}

/** True when `user` may open `screen` (admin always; a role through its active menus; company never). */
export async function mayOpen(sql: Sql, user: AuthUser, screen: string): Promise<boolean> {
  const allowed = await allowedScreens(sql, user);
  return allowed === 'all' || allowed.has(screen);
}
