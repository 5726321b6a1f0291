import { Hono, type MiddlewareHandler } from 'hono';
import type { AppEnv } from '../context.ts';
import { ApiError, notFound, validationError } from '../http-error.ts';
import { ok, pageOf, readBody, toId } from '../lib/http/envelope.ts';
import { parseBody, parseIdList } from '../lib/http/validate.ts';
import { RoleInput } from '../../src/common/contract/schemas.ts';
import { requireAbility, requireScreen, requireUser } from '../middleware/auth.ts';
import { assertRoleDelete, assertRoleGrant, grantableMenuIds } from '../lib/auth/grants.ts';
import type { Sql } from '../db/sql.ts';
import * as q from '../db/queries/roles.ts';
import { readListQuery } from '../db/list-query.ts';
import { csvExport } from '../lib/http/list-export.ts';
import { bulkAct, bulkDeleted, deleteFrom, listInput } from '../lib/http/list-bulk.ts';
import { BUILT_IN_ROLES, isBuiltInRole } from '../../src/common/abilities.ts';


/** Validates a role form (name unique, ids known) and returns it parsed; throws 422. */
async function readRole(sql: Sql, body: Record<string, unknown>, id = 0) {
  const v = parseBody(RoleInput, body, { name: 'role name' });
  const name = v.name.trim();
  const permissionIds = parseIdList(v.permissions || '[]')!;
  const accessIds = parseIdList(v.roles || '[]')!;
  // Absent: the role's admin menus stay as they are (older clients, scripts).
  const menuIds = v.menus === undefined ? undefined : parseIdList(v.menus || '[]')!;
  const errors: Record<string, string[]> = {};
  const same = await q.findRoleByName(sql, name);
  if (same && same.id !== id) errors.name = ['The role name has already been taken.'];
  if ((await q.unknownPermissionIds(sql, permissionIds)).length) errors.permissions = ['The selected permissions is invalid.'];
  if ((await q.unknownRoleIds(sql, accessIds)).length) errors.roles = ['The selected roles is invalid.'];
  if (menuIds && (await q.unknownMenuIds(sql, menuIds)).length) errors.menus = ['The selected menus is invalid.'];
  if (Object.keys(errors).length) throw validationError(errors);
  return { name, permissionIds, accessIds, menuIds };
}

// The full list feeds the Users and Menus screens' selects; a page of the list is the Roles screen itself.
const listAccess: MiddlewareHandler<AppEnv> = (c, next) => c.req.query('page') === undefined
  ? requireScreen('roles', 'users', 'adminmenus')(c, async () => { await requireAbility('roles.view', 'users.view', 'menus.view')(c, next); })
  : requireScreen('roles')(c, async () => { await requireAbility('roles.view')(c, next); });
const adminRoleId = async (sql: Sql) => (await q.findRoleByName(sql, 'admin'))?.id;

/**
 * Roles (admin-area §2 "Roles list", §3, §7): GET role (paged with ?page; without it every role,
 * which the Roles, Users and Menus screens read for their checklists and selects), GET role/{id},
 * POST role, PUT role/{id} (name, permissions and roles as JSON id lists), DELETE role/{id},
 * GET role/{id}/menus (the role's admin menus {id,title,url,status}, for the Edit Role Screens
 * checklist and summary; issue 21 §5), GET role/menus (every admin menu with `grantable`: whether
 * the caller may give it, for the Screens checklist). POST/PUT take `menus` too (JSON id list; absent:
 * unchanged), saved in the role's own transaction and checked like a menu grant (lib/auth/grants.ts).
 * Each role answers id, name, permissions [{id,name}], accessroles [{id,name}]. List params,
 * GET role/export and POST role/bulk-delete (never the built-in roles) follow db/list-query.ts.
 */
export const roleRoutes = new Hono<AppEnv>()
  .use('*', requireUser)
  .get('/', listAccess, async (c) => {
    const page = c.req.query('page');
    if (page === undefined) return ok(c, await q.allRoles(c.var.sql));
    return ok(c, await q.listRoles(c.var.sql, pageOf(page), readListQuery(q.ROLE_LIST, c.req.query())));
  })
  .get('/export', requireScreen('roles'), requireAbility('roles.view'), async (c) =>
    csvExport(c, c.var.sql, q.ROLE_LIST, readListQuery(q.ROLE_LIST, c.req.query()), { where: '', params: [] }, 'roles'))
  .post('/bulk-delete', requireScreen('roles'), requireAbility('roles.delete'), async (c) => {
    const sql = c.var.sql;
    const user = c.var.user;
    const builtIn = (await q.allRoles(sql)).filter((r) => isBuiltInRole(r.name)).map((r) => r.id);
    // "All matching" leaves the built-in roles alone; naming one is refused like a single delete.
    const n = await bulkAct(sql, q.ROLE_LIST, listInput(c.req.query(), await readBody(c)),
      { where: `name NOT IN (${BUILT_IN_ROLES.map(() => '?').join(',')})`, params: [...BUILT_IN_ROLES] },
      (tx, ids) => { for (const id of ids) assertRoleDelete(user, id); return deleteFrom('roles')(tx, ids); },
      (ids) => (ids.some((id) => builtIn.includes(id)) ? 'The built-in roles cannot be deleted.' : null));
    return bulkDeleted(c, n);
  })
  .get('/menus', requireScreen('roles'), requireAbility('roles.view'), async (c) => {
    const grantable = await grantableMenuIds(c.var.sql, c.var.user);
    return ok(c, (await q.allMenuChoices(c.var.sql)).map((m) => ({ ...m, grantable: grantable === 'all' || grantable.has(m.id) })));
  })
  .get('/:id', requireScreen('roles'), requireAbility('roles.view'), async (c) => {
    const role = await q.getRole(c.var.sql, toId(c.req.param('id')));
    if (!role) throw notFound('Role');
    return ok(c, role);
  })
  .get('/:id/menus', requireScreen('roles'), requireAbility('roles.view'), async (c) => {
    // The role's admin menus (status 1 = Active): the Edit Role modal sums up what its users will see (issue 21 §5).
    const id = toId(c.req.param('id'));
    if (!(await q.getRole(c.var.sql, id))) throw notFound('Role');
    return ok(c, await q.roleMenus(c.var.sql, id));
  })
  .post('/', requireScreen('roles'), requireAbility('roles.create'), async (c) => {
    const role = await readRole(c.var.sql, await readBody(c));
    await assertRoleGrant(c.var.sql, c.var.user, await adminRoleId(c.var.sql), role);
    const id = await q.createRole(c.var.sql, role);
    return ok(c, await q.getRole(c.var.sql, id), 'Role created successfully.');
  })
  .put('/:id', requireScreen('roles'), requireAbility('roles.edit'), async (c) => {
    const id = toId(c.req.param('id'));
    const current = await q.getRole(c.var.sql, id);
    if (!current) throw notFound('Role');
    const role = await readRole(c.var.sql, await readBody(c), id);
    if (isBuiltInRole(current.name) && role.name !== current.name) throw validationError({ name: [`The ${current.name} role cannot be renamed.`] });
    await assertRoleGrant(c.var.sql, c.var.user, await adminRoleId(c.var.sql), role, current, (await q.roleMenus(c.var.sql, id)).map((m) => m.id));
    await q.updateRole(c.var.sql, id, role);
    return ok(c, await q.getRole(c.var.sql, id), 'Role updated successfully.');
  })
  .delete('/:id', requireScreen('roles'), requireAbility('roles.delete'), async (c) => {
    const id = toId(c.req.param('id'));
    assertRoleDelete(c.var.user, id);
    const current = await q.getRole(c.var.sql, id);
    if (!current) throw notFound('Role');
    if (isBuiltInRole(current.name)) throw new ApiError(409, `The ${current.name} role cannot be deleted.`);
    await q.deleteRole(c.var.sql, id);
    return ok(c, null, 'Role deleted successfully.');
  });
