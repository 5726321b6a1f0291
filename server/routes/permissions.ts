import { Hono } from 'hono';
import type { AppEnv } from '../context.ts';
import { notFound } from '../http-error.ts';
import { ok, pageOf, readBody, toId } from '../lib/envelope.ts';
import { maxLength, required, str, validate } from '../lib/validate.ts';
import { requireScreen, requireUser } from '../middleware/auth.ts';
import * as q from '../db/queries/permissions.ts';

const rules = { name: [required, maxLength(255)] };

/**
 * Permissions (admin-area §2 "Permissions list", §7): GET permission (paged with ?page, else the
 * full array, which the Roles screen's checklist reads), GET/PUT/DELETE permission/{id}, POST permission.
 */
export const permissionRoutes = new Hono<AppEnv>()
  .use('*', requireUser)
  .get('/', requireScreen('permissions', 'roles'), async (c) => {
    const page = c.req.query('page');
    return ok(c, page === undefined ? await q.allPermissions(c.var.sql) : await q.listPermissions(c.var.sql, pageOf(page)));
  })
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
