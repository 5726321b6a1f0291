import type { Sql } from '../db/sql.ts';
import { Conflict, found, Invalid, NotFound, Refused } from '../runtime/domain-errors.ts';
import type { AuthUser } from '../db/queries/auth.ts';
import type { RoleInput } from '../../src/common/contract/schemas.ts';
import { parseIdList } from '../../src/common/contract/rules.ts';
import { BUILT_IN_ROLES, isBuiltInRole } from '../../src/common/abilities.ts';
import * as q from '../db/queries/roles.ts';
import type { ListQuery } from '../db/list-query.ts';
import { assertRoleDelete, assertRoleGrant, grantableMenuIds } from '../lib/auth/grants.ts';
import { bulkAct, deleteFrom } from './list-bulk.ts';
import { createRecorded, recordActivity, type Who } from '../lib/activity/record.ts';
import { readRecord } from '../lib/activity/activity-records.ts';

/**
 * Roles (admin-area §3 Roles; DESIGN.md §3): what each call does. Input arrives checked against
 * the contract (RoleInput); here the rules that need the database: the name unique ("The role
 * name has already been taken."), the permission, access-role and menu ids known ("The selected
 * x is invalid."), no one grants what it does not hold (lib/auth/grants.ts, 403), the built-in
 * roles neither renamed (422) nor deleted (409). 404 "Role not found.". Each write records its
 * activity row (`who`, resource `roles`: the role with its permissions', access roles' and menus' names) in its own transaction.
 */
export const ROLE_LIST = q.ROLE_LIST;

/** The form as stored (name trimmed, id lists parsed); `menuIds` or `require_two_step` undefined leaves the role's menus or requirement alone (older clients). Throws 422. */
async function roleOf(sql: Sql, v: RoleInput, id = 0) {
  const name = v.name.trim();
  const permissionIds = parseIdList(v.permissions || '[]')!;
  const accessIds = parseIdList(v.roles || '[]')!;
  const menuIds = v.menus === undefined ? undefined : parseIdList(v.menus || '[]')!;
  const errors: Record<string, string[]> = {};
  const same = await q.findRoleByName(sql, name);
  if (same && same.id !== id) errors.name = ['The role name has already been taken.'];
  if ((await q.unknownPermissionIds(sql, permissionIds)).length) errors.permissions = ['The selected permissions is invalid.'];
  if ((await q.unknownRoleIds(sql, accessIds)).length) errors.roles = ['The selected roles is invalid.'];
  if (menuIds && (await q.unknownMenuIds(sql, menuIds)).length) errors.menus = ['The selected menus is invalid.'];
  if (Object.keys(errors).length) throw new Invalid(errors);
  const requireTwoStep = v.require_two_step === undefined || v.require_two_step === '' ? undefined : ['1', 'true'].includes(String(v.require_two_step));
  return { name, permissionIds, accessIds, menuIds, requireTwoStep };
}
const adminRoleId = async (sql: Sql) => (await q.findRoleByName(sql, 'admin'))?.id;

/** Every role (the Roles, Users and Menus screens' checklists and selects). */
export const allRoles = (sql: Sql) => q.allRoles(sql);
/** One page of the Roles list matching `lq`. */
export const listRoles = (sql: Sql, page: number, lq: ListQuery) => q.listRoles(sql, page, lq);
/** Role `id` with its permissions, access roles and how many members have no second factor (`members_without_two_step`); 404 when there is none. */
export async function getRole(sql: Sql, id: number) {
  const role = await found(q.getRole(sql, id), 'Role');
  return { ...role, members_without_two_step: await q.membersWithoutTwoStep(sql, id) };
}
/** The admin menus of role `id` (Active or not). */
export async function roleMenus(sql: Sql, id: number) {
  await getRole(sql, id);
  return q.roleMenus(sql, id);
}
/** Every admin menu, each with `grantable`: whether `caller` may give it. */
export async function menuChoices(sql: Sql, caller: AuthUser) {
  const grantable = await grantableMenuIds(sql, caller);
  return (await q.allMenuChoices(sql)).map((m) => ({ ...m, grantable: grantable === 'all' || grantable.has(m.id) }));
}
/** Adds a role; resolves to it. */
export async function createRole(sql: Sql, caller: AuthUser, who: Who, v: RoleInput) {
  const role = await roleOf(sql, v);
  await assertRoleGrant(sql, caller, await adminRoleId(sql), role);
  const id = await createRecorded(sql, who, 'roles', { resource: 'roles', label: role.name }, (tx) => q.createRole(tx, role));
  return getRole(sql, id);
}
/** Changes role `id` (a built-in role keeps its name); resolves to it. */
export async function updateRole(sql: Sql, caller: AuthUser, who: Who, id: number, v: RoleInput) {
  const current = await getRole(sql, id);
  const role = await roleOf(sql, v, id);
  if (isBuiltInRole(current.name) && role.name !== current.name) throw new Invalid({ name: [`The ${current.name} role cannot be renamed.`] });
  await assertRoleGrant(
    sql,
    caller,
    await adminRoleId(sql),
    role,
    current,
    (await q.roleMenus(sql, id)).map((m) => m.id),
  );
  // Two-step sign-in is a rule on the role's members: none of them but an administrator lifts or sets it.
  if (!caller.isAdmin && role.requireTwoStep !== undefined && role.requireTwoStep !== current.require_two_step && caller.roles.some((r) => r.id === id))
    throw new Refused('You may not change whether your own role requires two-step sign-in.');
  await sql.transaction(async (tx) => {
    const before = await readRecord(tx, 'roles', id, { lock: true });
    if (!before) throw new NotFound('Role');
    await q.updateRole(tx, id, role);
    await recordActivity(tx, who, { resource: 'roles', action: 'update', id, label: role.name, before, after: await readRecord(tx, 'roles', id) });
  });
  return getRole(sql, id);
}
/** Deletes role `id`: never the caller's own (403) nor a built-in one (409). */
export async function deleteRole(sql: Sql, caller: AuthUser, who: Who, id: number) {
  assertRoleDelete(caller, id);
  const current = await getRole(sql, id);
  if (isBuiltInRole(current.name)) throw new Conflict(`The ${current.name} role cannot be deleted.`);
  await sql.transaction(async (tx) => {
    const before = await readRecord(tx, 'roles', id);
    if (!before) throw new NotFound('Role');
    await q.deleteRole(tx, id);
    await recordActivity(tx, who, { resource: 'roles', action: 'delete', id, label: current.name, before });
  });
}
/** The roles "all matching" may delete: never the built-in ones. */
export const BULK_SCOPE = { where: `name NOT IN (${BUILT_IN_ROLES.map(() => '?').join(',')})`, params: [...BUILT_IN_ROLES] };
/** Deletes the selected roles (one transaction; naming a built-in role is refused, 409, as a single delete). */
export async function bulkDeleteRoles(sql: Sql, caller: AuthUser, who: Who, input: Record<string, string | undefined>) {
  const builtIn = (await q.allRoles(sql)).filter((r) => isBuiltInRole(r.name)).map((r) => r.id);
  return bulkAct(
    sql,
    q.ROLE_LIST,
    input,
    BULK_SCOPE,
    (tx, ids) => {
      for (const id of ids) assertRoleDelete(caller, id);
      return deleteFrom('roles')(tx, ids);
    },
    { log: { who, resource: 'roles' }, refuse: (ids) => (ids.some((id) => builtIn.includes(id)) ? 'The built-in roles cannot be deleted.' : null) },
  );
}
