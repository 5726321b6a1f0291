import type { Sql } from '../sql.ts';
import { ALL, type ListQuery, type ListSpec } from '../list-query.ts';
import { listPage } from '../list-page.ts';

/** A role as the API answers it (admin-area §3) and an id with a name: the wire contract's types. */
export type { Named, Role } from '../../../src/common/contract/schemas.ts';
import type { Named, Role } from '../../../src/common/contract/schemas.ts';
import type { MenuChoice } from '../../../src/common/contract/admin.ts';

const marks = (ids: number[]) => ids.map(() => '?').join(',');

/** Adds permissions and accessroles to bare role rows in two queries. */
async function withLinks(sql: Sql, rows: (Named & { require_two_step?: number })[]): Promise<Role[]> {
  if (!rows.length) return [];
  const ids = rows.map((r) => r.id);
  const perms = await sql.all<Named & { role_id: number }>(
    `SELECT rp.role_id, p.id, p.name FROM role_permissions rp JOIN permissions p ON p.id = rp.permission_id
     WHERE rp.role_id IN (${marks(ids)}) ORDER BY p.id`,
    ids,
  );
  const access = await sql.all<Named & { role_id: number }>(
    `SELECT ra.role_id, r.id, r.name FROM role_access ra JOIN roles r ON r.id = ra.access_role_id
     WHERE ra.role_id IN (${marks(ids)}) ORDER BY r.id`,
    ids,
  );
  const pick = (list: (Named & { role_id: number })[], id: number) => list.filter((x) => x.role_id === id).map(({ id: i, name }) => ({ id: i, name }));
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    permissions: pick(perms, r.id),
    accessroles: pick(access, r.id),
    require_two_step: Number(r.require_two_step ?? 0) === 1,
  }));
}

/** The Roles list (admin-area §3): search and sort by name. */
export const ROLE_LIST: ListSpec = {
  from: 'roles',
  idCol: 'id',
  columns: 'id, name, require_two_step',
  search: ['name'],
  sort: { id: 'id', name: 'lower(name)' },
  defaultOrder: 'id',
  csv: [
    ['id', 'id'],
    ['name', 'name'],
  ],
};
/** One page of roles matching `lq` (a Paginator: `perPage` rows, pages from 1). */
export async function listRoles(sql: Sql, page: number, lq: ListQuery, perPage = 10) {
  const p = await listPage<Named>(sql, ROLE_LIST, lq, ALL, page, perPage);
  return { ...p, data: await withLinks(sql, p.data) };
}
/** Every role row, by id. */
export const allRoles = async (sql: Sql) => withLinks(sql, await sql.all<Named>('SELECT id, name, require_two_step FROM roles ORDER BY id'));
/** The role asked for, or undefined when there is none. */
/** Role `id`'s id and name, without its links (a check that it exists and what it is called), or undefined. */
export const roleName = (sql: Sql, id: number) => sql.get<{ id: number; name: string }>('SELECT id, name FROM roles WHERE id = ?', [id]);
export const getRole = async (sql: Sql, id: number) =>
  (await withLinks(sql, await sql.all<Named>('SELECT id, name, require_two_step FROM roles WHERE id = ?', [id])))[0];
/**
 * How many members of role `id` have no second factor (no confirmed authenticator app, no
 * passkey): those a requirement of two-step sign-in sends to enrolment first.
 */
export const membersWithoutTwoStep = async (sql: Sql, id: number) =>
  Number(
    (
      await sql.get<{ n: number | string }>(
        `SELECT COUNT(*) AS n FROM user_roles ur WHERE ur.role_id = ?
         AND NOT EXISTS (SELECT 1 FROM two_step_totp t WHERE t.user_id = ur.user_id AND t.confirmed_at IS NOT NULL)
         AND NOT EXISTS (SELECT 1 FROM passkeys p WHERE p.user_id = ur.user_id)`,
        [id],
      )
    )?.n ?? 0,
  );
/** The role by name asked for, or undefined when there is none. */
export const findRoleByName = (sql: Sql, name: string) => sql.get<Named>('SELECT id, name FROM roles WHERE lower(name) = lower(?)', [name]);

/** Ids among `ids` that name no permission (resp. role): for validation. */
export async function unknownPermissionIds(sql: Sql, ids: number[]) {
  if (!ids.length) return [];
  const found = new Set((await sql.all<{ id: number }>(`SELECT id FROM permissions WHERE id IN (${marks(ids)})`, ids)).map((r) => r.id));
  return ids.filter((i) => !found.has(i));
}
/** Ids among `ids` that name no role: for validation. */
export async function unknownRoleIds(sql: Sql, ids: number[]) {
  if (!ids.length) return [];
  const found = new Set((await sql.all<{ id: number }>(`SELECT id FROM roles WHERE id IN (${marks(ids)})`, ids)).map((r) => r.id));
  return ids.filter((i) => !found.has(i));
}

/** A role form as stored: `menuIds` undefined leaves the role's admin menus as they are, `requireTwoStep` undefined its two-step requirement. */
export interface RoleWrite {
  name: string;
  permissionIds: number[];
  accessIds: number[];
  menuIds?: number[];
  requireTwoStep?: boolean;
}

async function setLinks(tx: Sql, id: number, { permissionIds, accessIds, menuIds }: RoleWrite) {
  if (menuIds) {
    await tx.run('DELETE FROM admin_menu_roles WHERE role_id = ?', [id]);
    await tx.runMany(
      'INSERT INTO admin_menu_roles (menu_id, role_id) VALUES (?, ?)',
      menuIds.map((m) => [m, id]),
    );
  }
  await tx.run('DELETE FROM role_permissions WHERE role_id = ?', [id]);
  await tx.run('DELETE FROM role_access WHERE role_id = ?', [id]);
  await tx.runMany(
    'INSERT INTO role_permissions (role_id, permission_id) VALUES (?, ?)',
    permissionIds.map((p) => [id, p]),
  );
  await tx.runMany(
    'INSERT INTO role_access (role_id, access_role_id) VALUES (?, ?)',
    accessIds.map((r) => [id, r]),
  );
}

/** Creates a role with its links (permissions, access roles, admin menus) in one transaction; returns its id. */
export const createRole = (sql: Sql, r: RoleWrite) =>
  sql.transaction(async (tx) => {
    const { id } = (await tx.get<{ id: number }>('INSERT INTO roles (name, require_two_step) VALUES (?, ?) RETURNING id', [r.name, r.requireTwoStep ? 1 : 0]))!;
    await setLinks(tx, id, r);
    return id;
  });

/** Renames a role and replaces its links (menus only when `menuIds` is given) in one transaction; false when there is no such role. */
export const updateRole = (sql: Sql, id: number, r: RoleWrite) =>
  sql.transaction(async (tx) => {
    if (!(await tx.run('UPDATE roles SET name = ? WHERE id = ?', [r.name, id]))) return false;
    if (r.requireTwoStep !== undefined) await tx.run('UPDATE roles SET require_two_step = ? WHERE id = ?', [r.requireTwoStep ? 1 : 0, id]);
    await setLinks(tx, id, r);
    return true;
  });

/** Deletes the role; resolves to the number of rows removed (0: none). */
export const deleteRole = (sql: Sql, id: number) => sql.run('DELETE FROM roles WHERE id = ?', [id]);

/**
 * The role ids whose users a user holding `roleIds` may see, create and edit ("Role can access
 * to", DESIGN.md §3): the union of those roles' access lists.
 */
export async function accessibleRoleIds(sql: Sql, roleIds: number[]): Promise<number[]> {
  if (!roleIds.length) return [];
  return (
    await sql.all<{ id: number }>(`SELECT DISTINCT access_role_id AS id FROM role_access WHERE role_id IN (${marks(roleIds)}) ORDER BY access_role_id`, roleIds)
  ).map((r) => r.id);
}

/**
 * What the access explainer (src/common/access-explainer.ts) reads of each of `roleIds`: its
 * permission names, its admin menus (Active or not) and the names of the roles it may access.
 * Four queries whatever the count; roles in id order.
 */
export async function roleFacts(sql: Sql, roleIds: number[]) {
  if (!roleIds.length) return [];
  const roles = await withLinks(sql, await sql.all<Named>(`SELECT id, name FROM roles WHERE id IN (${marks(roleIds)}) ORDER BY id`, roleIds));
  const menus = await sql.all<{ role_id: number; title: string; url: string; status: number }>(
    `SELECT mr.role_id, m.title, m.url, m.status FROM admin_menu_roles mr JOIN admin_menus m ON m.id = mr.menu_id
     WHERE mr.role_id IN (${marks(roleIds)}) ORDER BY m.id`,
    roleIds,
  );
  return roles.map((r) => ({
    id: r.id,
    name: r.name,
    permissions: r.permissions.map((p) => p.name),
    access: r.accessroles.map((a) => a.name),
    menus: menus.filter((m) => m.role_id === r.id).map((m) => ({ title: m.title, url: m.url, status: Number(m.status) })),
  }));
}

/** Ids among `ids` that name no admin menu: for validation. */
export async function unknownMenuIds(sql: Sql, ids: number[]) {
  if (!ids.length) return [];
  const found = new Set((await sql.all<{ id: number }>(`SELECT id FROM admin_menus WHERE id IN (${marks(ids)})`, ids)).map((r) => r.id));
  return ids.filter((i) => !found.has(i));
}

/** An admin menu as the Role modal's Screens checklist reads it (status 1 = Active). */
export type { MenuChoice };

/** Every admin menu, by id (the Screens checklist of the Role modal). */
export const allMenuChoices = async (sql: Sql): Promise<MenuChoice[]> =>
  (await sql.all<MenuChoice>('SELECT id, title, url, status FROM admin_menus ORDER BY id')).map((m) => ({ ...m, status: Number(m.status) }));

/** The admin menus of role `id` (Active or not), by id. */
export const roleMenus = async (sql: Sql, id: number): Promise<MenuChoice[]> =>
  (
    await sql.all<MenuChoice>(
      'SELECT m.id, m.title, m.url, m.status FROM admin_menu_roles mr JOIN admin_menus m ON m.id = mr.menu_id WHERE mr.role_id = ? ORDER BY m.id',
      [id],
    )
  ).map((m) => ({ ...m, status: Number(m.status) }));
