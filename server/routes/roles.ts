import { Hono, type MiddlewareHandler } from 'hono';
import { every } from 'hono/combine';
import type { AppEnv } from '../http/context.ts';
import { ok, toId } from '../http/envelope.ts';
import { body } from '../http/input.ts';
import { listCalls } from '../http/list-routes.ts';
import { RoleInput } from '../../src/common/contract/schemas.ts';
import { requireAbility, requireScreen, requireUser } from '../http/middleware/auth.ts';
import * as roles from '../services/roles.ts';
import { logs, whoOf } from '../http/logs.ts';

// The full list feeds the Users and Menus screens' selects; a page of the list is the Roles screen itself.
const listAccess: MiddlewareHandler<AppEnv> = (c, next) =>
  c.req.query('page') === undefined
    ? every(requireScreen('roles', 'users', 'adminmenus'), requireAbility('roles.view', 'users.view', 'menus.view'))(c, next)
    : every(requireScreen('roles'), requireAbility('roles.view'))(c, next);
const screen = requireScreen('roles');
const LABELS = { name: 'role name' };

/**
 * Roles (admin-area §2 "Roles list", §3, §7): GET role (paged with ?page; without it every role,
 * which the Roles, Users and Menus screens read for their checklists and selects), GET role/{id},
 * POST role, PUT role/{id} (contract RoleInput: name, permissions, roles and menus as JSON id
 * lists; menus absent: unchanged), DELETE role/{id}, GET role/{id}/menus (the role's admin menus,
 * for the Edit Role Screens checklist), GET role/menus (every admin menu with
 * `grantable`). Each role answers id, name, permissions [{id,name}], accessroles [{id,name}]. List
 * params, GET role/export and POST role/bulk-delete (never the built-in roles): http/list-routes.ts.
 * The rules are services/roles.ts's.
 */
export const roleRoutes = listCalls(new Hono<AppEnv>().use('*', requireUser), {
  spec: roles.ROLE_LIST,
  csv: 'roles',
  view: listAccess,
  exportView: every(screen, requireAbility('roles.view')),
  remove: every(screen, requireAbility('roles.delete')),
  scope: () => ({ where: '', params: [] }),
  list: (c, page, lq) => (c.req.query('page') === undefined ? roles.allRoles(c.get('sql')) : roles.listRoles(c.get('sql'), page, lq)),
  logs: 'roles',
  reads: ['roles', 'permissions', 'menus'],
  bulkDelete: (c, input) => roles.bulkDeleteRoles(c.get('sql'), c.get('user'), whoOf(c), input),
})
  .get('/menus', screen, requireAbility('roles.view'), async (c) => ok(c, await roles.menuChoices(c.get('sql'), c.get('user'))))
  .get('/:id', screen, requireAbility('roles.view'), async (c) => ok(c, await roles.getRole(c.get('sql'), toId(c.req.param('id')))))
  .get('/:id/menus', screen, requireAbility('roles.view'), async (c) => ok(c, await roles.roleMenus(c.get('sql'), toId(c.req.param('id')))))
  .post('/', screen, requireAbility('roles.create'), logs('roles'), body(RoleInput, LABELS), async (c) =>
    ok(c, await roles.createRole(c.get('sql'), c.get('user'), whoOf(c), c.req.valid('form')), 'Role created successfully.'),
  )
  .put('/:id', screen, requireAbility('roles.edit'), logs('roles'), body(RoleInput, LABELS), async (c) =>
    ok(c, await roles.updateRole(c.get('sql'), c.get('user'), whoOf(c), toId(c.req.param('id')), c.req.valid('form')), 'Role updated successfully.'),
  )
  .delete('/:id', screen, requireAbility('roles.delete'), logs('roles'), async (c) => {
    await roles.deleteRole(c.get('sql'), c.get('user'), whoOf(c), toId(c.req.param('id')));
    return ok(c, null, 'Role deleted successfully.');
  });
