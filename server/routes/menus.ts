import { Hono } from 'hono';
import type { AppEnv } from '../http/context.ts';
import { ok, toId } from '../http/envelope.ts';
import { body } from '../http/input.ts';
import { listCalls } from '../http/list-routes.ts';
import { MenuInput } from '../../src/common/contract/schemas.ts';
import { requireAbility, requireScreen, requireUser } from '../http/middleware/auth.ts';
import * as menus from '../services/menus.ts';
import { logs, whoOf } from '../http/logs.ts';

/** The menu form's labels (admin-area §5: "Menu title"). */
const LABELS = { title: 'menu title' };

/**
 * Admin menus (admin-area §2 "Menus screen", §3, §7): GET adminmenu?page, GET adminmenu/{id},
 * POST adminmenu, PUT adminmenu/{id} (contract MenuInput: title, url, status 0/1/2, roles as a
 * JSON id list), DELETE adminmenu/{id}. Each item answers id, title, url, status, roles [{id,name}].
 * List params, GET adminmenu/export and POST adminmenu/bulk-delete: http/list-routes.ts.
 * A role's active menus decide which screens it may open (DESIGN.md §3); services/menus.ts.
 */
export const menuRoutes = listCalls(new Hono<AppEnv>().use('*', requireUser, requireScreen('adminmenus')), {
  spec: menus.MENU_LIST,
  csv: 'menus',
  view: requireAbility('menus.view'),
  remove: requireAbility('menus.delete'),
  list: (c, page, lq) => menus.listMenus(c.get('sql'), page, lq),
  logs: 'menus',
  reads: ['menus', 'roles'],
  bulkDelete: (c, input) => menus.bulkDeleteMenus(c.get('sql'), whoOf(c), input),
})
  .get('/:id', requireAbility('menus.view'), async (c) => ok(c, await menus.getMenu(c.get('sql'), toId(c.req.param('id')))))
  .post('/', requireAbility('menus.create'), logs('menus'), body(MenuInput, LABELS), async (c) =>
    ok(c, await menus.createMenu(c.get('sql'), c.get('user'), whoOf(c), c.req.valid('form')), 'Menu created successfully.'),
  )
  .put('/:id', requireAbility('menus.edit'), logs('menus'), body(MenuInput, LABELS), async (c) =>
    ok(c, await menus.updateMenu(c.get('sql'), c.get('user'), whoOf(c), toId(c.req.param('id')), c.req.valid('form')), 'Menu updated successfully.'),
  )
  .delete('/:id', requireAbility('menus.delete'), logs('menus'), async (c) => {
    await menus.deleteMenu(c.get('sql'), c.get('user'), whoOf(c), toId(c.req.param('id')));
    return ok(c, null, 'Menu deleted successfully.');
  });
