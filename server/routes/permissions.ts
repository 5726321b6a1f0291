import { Hono } from 'hono';
import type { AppEnv } from '../context.ts';
import { forbidden, notFound, validationError } from '../http-error.ts';
import { ok, pageOf, readBody, toId } from '../lib/http/envelope.ts';
import { parseBody } from '../lib/http/validate.ts';
import { PermissionInput } from '../../src/common/contract/schemas.ts';
import { requireAbility, requireScreen, requireUser } from '../middleware/auth.ts';
import { isCatalogueName } from '../../src/common/abilities.ts';
import * as q from '../db/queries/permissions.ts';
import { ALL, readListQuery } from '../db/list-query.ts';
import { csvExport } from '../lib/http/list-export.ts';
import { bulkAct, bulkDeleted, deleteFrom, listInput } from '../lib/http/list-bulk.ts';


/** A name outside the ability catalogue: a custom permission may not pose as one (it would grant it). */
function customName(body: Record<string, unknown>) {
  const name = parseBody(PermissionInput, body).name.trim();
  if (isCatalogueName(name)) throw validationError({ name: ['The name has already been taken.'] });
  return name;
}

/** 404 when absent; 403 for a seeded catalogue permission, which can be neither renamed nor deleted. */
async function customPermission(sql: Parameters<typeof q.getPermission>[0], id: number, verb: string) {
  const p = await q.getPermission(sql, id);
  if (!p) throw notFound('Permission');
  if (isCatalogueName(p.name)) throw forbidden(`The permission ${p.name} is built in and cannot be ${verb}.`);
  return p;
}

/**
 * Permissions (admin-area §2 "Permissions list", §7): GET permission (paged with ?page, else the
 * full array, which the Roles screen's checklist reads), GET/PUT/DELETE permission/{id}, POST permission.
 * The ability catalogue (src/common/abilities.ts) is seeded as permissions that are fixed.
 * List params, GET permission/export and POST permission/bulk-delete (db/list-query.ts); the
 * built-in permissions are never deleted in bulk either.
 */
export const permissionRoutes = new Hono<AppEnv>()
  .use('*', requireUser)
  .get('/', requireScreen('permissions', 'roles'), requireAbility('permissions.view', 'roles.view'), async (c) => {
    const page = c.req.query('page');
    if (page === undefined) return ok(c, await q.allPermissions(c.var.sql));
    return ok(c, await q.listPermissions(c.var.sql, pageOf(page), readListQuery(q.PERMISSION_LIST, c.req.query())));
  })
  .get('/export', requireScreen('permissions'), requireAbility('permissions.view'), async (c) =>
    csvExport(c, c.var.sql, q.PERMISSION_LIST, readListQuery(q.PERMISSION_LIST, c.req.query()), ALL, 'permissions'))
  .post('/bulk-delete', requireScreen('permissions'), requireAbility('permissions.delete'), async (c) =>
    bulkDeleted(c, await bulkAct(c.var.sql, q.PERMISSION_LIST, listInput(c.req.query(), await readBody(c)), ALL, async (tx, ids) => {
      for (const id of ids) await customPermission(tx, id, 'deleted');
      return deleteFrom('permissions')(tx, ids);
    })))
  .get('/:id', requireScreen('permissions'), requireAbility('permissions.view'), async (c) => {
    const p = await q.getPermission(c.var.sql, toId(c.req.param('id')));
    if (!p) throw notFound('Permission');
    return ok(c, p);
  })
  .post('/', requireScreen('permissions'), requireAbility('permissions.create'), async (c) => {
    const name = customName(await readBody(c));
    return ok(c, await q.createPermission(c.var.sql, name), 'Permission created successfully.');
  })
  .put('/:id', requireScreen('permissions'), requireAbility('permissions.edit'), async (c) => {
    const body = await readBody(c);
    const p = await customPermission(c.var.sql, toId(c.req.param('id')), 'renamed');
    if (!(await q.updatePermission(c.var.sql, p.id, customName(body)))) throw notFound('Permission');
    return ok(c, null, 'Permission updated successfully.');
  })
  .delete('/:id', requireScreen('permissions'), requireAbility('permissions.delete'), async (c) => {
    const p = await customPermission(c.var.sql, toId(c.req.param('id')), 'deleted');
    if (!(await q.deletePermission(c.var.sql, p.id))) throw notFound('Permission');
    return ok(c, null, 'Permission deleted successfully.');
  });
