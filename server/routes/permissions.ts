import { Hono } from 'hono';
import { every } from 'hono/combine';
import type { AppEnv } from '../http/context.ts';
import { ok, toId } from '../http/envelope.ts';
import { body } from '../http/input.ts';
import { listCalls } from '../http/list-routes.ts';
import { PermissionInput } from '../../src/common/contract/schemas.ts';
import { requireAbility, requireScreen, requireUser } from '../http/middleware/auth.ts';
import * as permissions from '../services/permissions.ts';
import { logs, whoOf } from '../http/logs.ts';

/**
 * Permissions (admin-area §2 "Permissions list", §7): GET permission (paged with ?page, else the
 * full array, which the Roles screen's checklist reads), GET/PUT/DELETE permission/{id}, POST
 * permission (contract PermissionInput). List params, GET permission/export and POST
 * permission/bulk-delete (http/list-routes.ts). The built-in (catalogue) permissions are fixed:
 * services/permissions.ts.
 */
const screen = requireScreen('permissions');
export const permissionRoutes = listCalls(new Hono<AppEnv>().use('*', requireUser), {
  spec: permissions.PERMISSION_LIST,
  csv: 'permissions',
  // The list (the whole of it without ?page) is the Roles screen's checklist too.
  view: every(requireScreen('permissions', 'roles'), requireAbility('permissions.view', 'roles.view')),
  exportView: every(screen, requireAbility('permissions.view')),
  remove: every(screen, requireAbility('permissions.delete')),
  list: (c, page, lq) => (c.req.query('page') === undefined ? permissions.allPermissions(c.get('sql')) : permissions.listPermissions(c.get('sql'), page, lq)),
  logs: 'permissions',
  bulkDelete: (c, input) => permissions.bulkDeletePermissions(c.get('sql'), whoOf(c), input),
})
  .get('/:id', screen, requireAbility('permissions.view'), async (c) => ok(c, await permissions.getPermission(c.get('sql'), toId(c.req.param('id')))))
  .post('/', screen, requireAbility('permissions.create'), logs('permissions'), body(PermissionInput), async (c) =>
    ok(c, await permissions.createPermission(c.get('sql'), whoOf(c), c.req.valid('form')), 'Permission created successfully.'),
  )
  .put('/:id', screen, requireAbility('permissions.edit'), logs('permissions'), body(PermissionInput), async (c) => {
    return ok(c, await permissions.updatePermission(c.get('sql'), whoOf(c), toId(c.req.param('id')), c.req.valid('form')), 'Permission updated successfully.');
  })
  .delete('/:id', screen, requireAbility('permissions.delete'), logs('permissions'), async (c) => {
    await permissions.deletePermission(c.get('sql'), whoOf(c), toId(c.req.param('id')));
    return ok(c, null, 'Permission deleted successfully.');
  });
