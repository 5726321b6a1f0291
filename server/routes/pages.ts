import { Hono } from 'hono';
import type { AppEnv } from '../context.ts';
import { ok, toId } from '../lib/http/envelope.ts';
import { body } from '../lib/http/input.ts';
import { listCalls } from '../lib/http/list-routes.ts';
import { PageInput } from '../../src/common/contract/schemas.ts';
import { requireAbility, requireScreen, requireUser } from '../middleware/auth.ts';
import * as pages from '../services/pages.ts';
import { logs, whoOf } from '../lib/http/logs.ts';

/**
 * Content pages (admin-area §2 "Pages list", §3, §7): GET page?page (paged), GET page/{id},
 * POST page, PUT page/{id} (title, content: contract PageInput), DELETE page/{id}; list params,
 * GET page/export and POST page/bulk-delete (lib/http/list-routes.ts). Screen `pages` only;
 * services/pages.ts does the work.
 */
export const pageRoutes = listCalls(new Hono<AppEnv>().use('*', requireUser, requireScreen('pages')), {
  spec: pages.PAGE_LIST, csv: 'pages', view: requireAbility('pages.view'), remove: requireAbility('pages.delete'),
  list: (c, page, lq) => pages.listPages(c.var.sql, page, lq),
  logs: 'pages', bulkDelete: (c, input) => pages.bulkDeletePages(c.var.sql, whoOf(c), input),
})
  .get('/:id', requireAbility('pages.view'), async (c) => ok(c, await pages.getPage(c.var.sql, toId(c.req.param('id')))))
  .post('/', requireAbility('pages.create'), logs('pages'), body(PageInput), async (c) =>
    ok(c, await pages.createPage(c.var.sql, whoOf(c), c.req.valid('form')), 'Page created successfully.'))
  .put('/:id', requireAbility('pages.edit'), logs('pages'), body(PageInput), async (c) => {
    return ok(c, await pages.updatePage(c.var.sql, whoOf(c), toId(c.req.param('id')), c.req.valid('form')), 'Page updated successfully.');
  })
  .delete('/:id', requireAbility('pages.delete'), logs('pages'), async (c) => {
    await pages.deletePage(c.var.sql, whoOf(c), toId(c.req.param('id')));
    return ok(c, null, 'Page deleted successfully.');
  });
