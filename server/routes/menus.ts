import { Hono } from 'hono';
import type { AppEnv } from '../context.ts';
import { notFound, validationError } from '../http-error.ts';
import { ok, pageOf, readBody, toId } from '../lib/http/envelope.ts';
import { parseBody, parseIdList } from '../lib/http/validate.ts';
import { MenuInput } from '../../src/common/contract/schemas.ts';
import { requireAbility, requireScreen, requireUser } from '../middleware/auth.ts';
import { assertMenuGrant } from '../lib/auth/grants.ts';
import type { Sql } from '../db/sql.ts';
import * as q from '../db/queries/menus.ts';
import { unknownRoleIds } from '../db/queries/roles.ts';
import { ALL, readListQuery } from '../db/list-query.ts';
import { csvExport } from '../lib/http/list-export.ts';
import { bulkAct, bulkDeleted, deleteFrom, listInput } from '../lib/http/list-bulk.ts';


/** Validates a menu form (admin-area §5: "Menu title"); status defaults to 2, roles must exist. */
async function readMenu(sql: Sql, body: Record<string, unknown>): Promise<q.MenuInput> {
  const v = parseBody(MenuInput, body, { title: 'menu title' });
  const roleIds = parseIdList(v.roles || '[]')!;
  if ((await unknownRoleIds(sql, roleIds)).length) throw validationError({ roles: ['The selected roles is invalid.'] });
  return { title: v.title.trim(), url: (v.url ?? '').trim(), status: Number(v.status === undefined || v.status === '' ? 2 : v.status), roleIds };
}

/**
 * Admin menus (admin-area §2 "Menus screen", §3, §7): GET adminmenu?page, GET adminmenu/{id},
 * POST adminmenu, PUT adminmenu/{id} (title, url, status 0/1/2, roles as a JSON id list),
 * DELETE adminmenu/{id}. Each item answers id, title, url, status, roles [{id,name}]. List params,
 * GET adminmenu/export and POST adminmenu/bulk-delete follow db/list-query.ts.
 * A role's active menus decide which screens it may open (DESIGN.md §3).
 */
export const menuRoutes = new Hono<AppEnv>()
  .use('*', requireUser, requireScreen('adminmenus'))
  .get('/', requireAbility('menus.view'), async (c) => ok(c, await q.listMenus(c.var.sql, pageOf(c.req.query('page')), readListQuery(q.MENU_LIST, c.req.query()))))
  .get('/export', requireAbility('menus.view'), async (c) => csvExport(c, c.var.sql, q.MENU_LIST, readListQuery(q.MENU_LIST, c.req.query()), ALL, 'menus'))
  .post('/bulk-delete', requireAbility('menus.delete'), async (c) =>
    bulkDeleted(c, await bulkAct(c.var.sql, q.MENU_LIST, listInput(c.req.query(), await readBody(c)), ALL, deleteFrom('admin_menus'))))
  .get('/:id', requireAbility('menus.view'), async (c) => {
    const menu = await q.getMenu(c.var.sql, toId(c.req.param('id')));
    if (!menu) throw notFound('Menu');
    return ok(c, menu);
  })
  .post('/', requireAbility('menus.create'), async (c) => {
    const menu = await readMenu(c.var.sql, await readBody(c));
    await assertMenuGrant(c.var.sql, c.var.user, undefined, menu);
    const id = await q.createMenu(c.var.sql, menu);
    return ok(c, await q.getMenu(c.var.sql, id), 'Menu created successfully.');
  })
  .put('/:id', requireAbility('menus.edit'), async (c) => {
    const id = toId(c.req.param('id'));
    const current = await q.getMenu(c.var.sql, id);
    if (!current) throw notFound('Menu');
    const menu = await readMenu(c.var.sql, await readBody(c));
    await assertMenuGrant(c.var.sql, c.var.user, current, menu);
    if (!(await q.updateMenu(c.var.sql, id, menu))) throw notFound('Menu');
    return ok(c, await q.getMenu(c.var.sql, id), 'Menu updated successfully.');
  })
  .delete('/:id', requireAbility('menus.delete'), async (c) => {
    const current = await q.getMenu(c.var.sql, toId(c.req.param('id')));
    if (!current) throw notFound('Menu');
    await assertMenuGrant(c.var.sql, c.var.user, current, null);
    if (!(await q.deleteMenu(c.var.sql, current.id))) throw notFound('Menu');
    return ok(c, null, 'Menu deleted successfully.');
  });
