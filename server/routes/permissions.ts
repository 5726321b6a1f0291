import { Hono } from 'hono';
import type { AppEnv } from '../context.ts';
import { notFound } from '../http-error.ts';
import { ok, pageOf, readBody, toId } from '../lib/envelope.ts';
import { maxLength, required, str, validate } from '../lib/validate.ts';
import { requireScreen, requireUser } from '../middleware/auth.ts';
import * as q from '../db/queries/permissions.ts';
import { ALL, readListQuery } from '../lib/list-query.ts';
import { csvExport } from '../lib/list-export.ts';
import { bulkAct, bulkDeleted, deleteFrom, listInput } from '../lib/list-bulk.ts';

const rules = { name: [required, maxLength(255)] };

/**
 * Permissions (admin-area §2 "Permissions list", §7): GET permission (paged with ?page, else the
 * full array, which the Roles screen's checklist reads), GET/PUT/DELETE permission/{id}, POST permission;
 * list params, GET permission/export and POST permission/bulk-delete (lib/list-query.ts).
 */
export const permissionRoutes = new Hono<AppEnv>()
  .use('*', requireUser)
  .get('/', requireScreen('permissions', 'roles'), async (c) => {
    const page = c.req.query('page');
    if (page === undefined) return ok(c, await q.allPermissions(c.var.sql));
    return ok(c, await q.listPermissions(c.var.sql, pageOf(page), readListQuery(q.PERMISSION_LIST, c.req.query())));
  })
  .get('/export', requireScreen('permissions'), async (c) =>
    csvExport(c, c.var.sql, q.PERMISSION_LIST, readListQuery(q.PERMISSION_LIST, c.req.query()), ALL, 'permissions'))
  .post('/bulk-delete', requireScreen('permissions'), async (c) =>
    bulkDeleted(c, await bulkAct(c.var.sql, q.PERMISSION_LIST, listInput(c.req.query(), await readBody(c)), ALL, deleteFrom('permissions'))))
  .get('/:id', requireScreen('permissions'), async (c) => {
    const p = await q.getPermission(c.var.sql, toId(c.req.param('id')));
    if (!p) throw notFound('Permission');
    return ok(c, p);
  })
  .post('/', requireScreen('permissions'), async (c) => {
    const body = await readBody(c);
    validate(body, rules);
    return ok(c, await q.createPermission(c.var.sql, str(body, 'name')), 'Permission created successfully.');
  })
  .put('/:id', requireScreen('permissions'), async (c) => {
    const body = await readBody(c);
    validate(body, rules);
    if (!(await q.updatePermission(c.var.sql, toId(c.req.param('id')), str(body, 'name')))) throw notFound('Permission');
    return ok(c, null, 'Permission updated successfully.');
  })
  .delete('/:id', requireScreen('permissions'), async (c) => {
    if (!(await q.deletePermission(c.var.sql, toId(c.req.param('id'))))) throw notFound('Permission');
    return ok(c, null, 'Permission deleted successfully.');
  });
