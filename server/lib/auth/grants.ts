import { Refused } from '../../runtime/domain-errors.ts';
import type { AuthUser } from '../../db/queries/auth.ts';
import type { Sql } from '../../db/sql.ts';
import { screenOf } from '../rules/screens.ts';
import { allowedScreens } from './screens.ts';
import { accessibleRoleIds, allMenuChoices, getRole } from '../../db/queries/roles.ts';
import { permissionNames } from '../../db/queries/permissions.ts';
import { mayGrantPermission } from '../../../src/common/abilities.ts';

/**
 * "No one grants what it does not hold" (DESIGN.md §3, docs/security.md). Admin passes every
 * check here. A non-admin may not change its own roles' permissions, access lists or menus,
 * may not give a role a permission, access role or menu it does not hold itself, and may not
 * put `admin` in an access list. Each refusal is a Refused (403) with a message naming the rule.
 */
const ownRole = (user: AuthUser, roleId: number) => user.roles.some((r) => r.id === roleId);
const added = (before: number[], after: number[]) => after.filter((id) => !before.includes(id));
const sameSet = (a: number[], b: number[]) => a.length === b.length && a.every((x) => b.includes(x));

/**
 * Checks a role form (create: `current` undefined) against the rules above. `next.menuIds`
 * (the Role modal's Screens) undefined leaves the menus alone; `currentMenuIds` are
 * the role's stored menus. Giving a menu follows assertMenuGrant: only a menu whose screen the
 * user may open itself, never to its own role nor to the admin role.
 */
export async function assertRoleGrant(
  sql: Sql,
  user: AuthUser,
  adminRoleId: number | undefined,
  next: { permissionIds: number[]; accessIds: number[]; menuIds?: number[] },
  current?: { id: number; name?: string; permissions: { id: number }[]; accessroles: { id: number }[] },
  currentMenuIds: number[] = [],
) {
  if (adminRoleId !== undefined && next.accessIds.includes(adminRoleId) && !current?.accessroles.some((r) => r.id === adminRoleId))
    throw new Refused('The admin role cannot be put in an access list.');
  if (user.isAdmin) return;
  const beforePerms = current?.permissions.map((p) => p.id) ?? [];
  const beforeAccess = current?.accessroles.map((r) => r.id) ?? [];
  if (current && ownRole(user, current.id) && (!sameSet(beforePerms, next.permissionIds) || !sameSet(beforeAccess, next.accessIds)))
    throw new Refused('You may not change the permissions or access roles of your own role.');
  const newPerms = added(beforePerms, next.permissionIds);
  if (newPerms.length) {
    if ((await permissionNames(sql, newPerms)).some((name) => !mayGrantPermission(user, name)))
      throw new Refused('You may not give a permission you do not hold yourself.');
  }
  const newAccess = added(beforeAccess, next.accessIds);
  if (newAccess.length) {
    const mine = await accessibleRoleIds(
      sql,
      user.roles.map((r) => r.id),
    );
    if (newAccess.some((id) => !mine.includes(id))) throw new Refused('You may not give access to a role you cannot access yourself.');
  }
  if (!next.menuIds) return;
  const menuChange = [...added(currentMenuIds, next.menuIds), ...added(next.menuIds, currentMenuIds)];
  if (!menuChange.length) return;
  if (current && ownRole(user, current.id)) throw new Refused('You may not change the menus of your own role.');
  if (current && current.id === adminRoleId) throw new Refused('You may not change the menus of the admin role.');
  const gives = added(currentMenuIds, next.menuIds);
  if (!gives.length) return;
  const grantable = await grantableMenuIds(sql, user);
  if (grantable !== 'all' && gives.some((id) => !grantable.has(id))) throw new Refused('You may not give a menu you do not hold yourself.');
}

/** The admin menu ids `user` may give a role: every one for admin, else those whose screen it may open itself. */
export async function grantableMenuIds(sql: Sql, user: AuthUser): Promise<Set<number> | 'all'> {
  const allowed = await allowedScreens(sql, user);
  if (allowed === 'all') return 'all';
  return new Set((await allMenuChoices(sql)).filter((m) => allowed.has(screenOf(m.url))).map((m) => m.id));
}

/** 403 when a non-admin deletes one of its own roles. */
export function assertRoleDelete(user: AuthUser, roleId: number) {
  if (!user.isAdmin && ownRole(user, roleId)) throw new Refused('You may not delete your own role.');
}

/**
 * Checks a menu write: `current` is the stored menu (undefined on create), `next` the form, or
 * null on delete. A non-admin may not add or remove its own roles, and may attach roles only to
 * a menu whose screen it may open itself.
 */
export async function assertMenuGrant(
  sql: Sql,
  user: AuthUser,
  current: { url: string; status: number; roles: { id: number }[] } | undefined,
  next: { url: string; status: number; roleIds: number[] } | null,
) {
  if (user.isAdmin) return;
  const before = current?.roles.map((r) => r.id) ?? [];
  const after = next?.roleIds ?? [];
  const changed = [...added(before, after), ...added(after, before)];
  const repointed = !next || (current && (current.url !== next.url || current.status !== next.status));
  if (changed.some((id) => ownRole(user, id)) || (repointed && before.some((id) => ownRole(user, id))))
    throw new Refused('You may not change the menus of your own role.');
  // Pointing a menu elsewhere or switching it on gives it afresh to every role it keeps.
  const reissued = current && next && (current.url !== next.url || (current.status !== 1 && next.status === 1));
  const gives = next ? (reissued ? after : added(before, after)) : [];
  if (!gives.length) return;
  const allowed = await allowedScreens(sql, user);
  const screen = screenOf(next!.url);
  if (allowed !== 'all' && !allowed.has(screen)) throw new Refused('You may not give a menu you do not hold yourself.');
  for (const id of gives) if ((await getRole(sql, id))?.name === 'admin') throw new Refused('You may not change the menus of the admin role.');
}
