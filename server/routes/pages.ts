import { Hono } from 'hono';
import type { AppEnv } from '../context.ts';
import { notFound } from '../http-error.ts';
import { ok, pageOf, readBody, toId } from '../lib/http/envelope.ts';
import { body } from '../lib/http/input.ts';
import { PageInput } from '../../src/common/contract/schemas.ts';
import { requireAbility, requireScreen, requireUser } from '../middleware/auth.ts';
import * as q from '../db/queries/pages.ts';
import { ALL, readListQuery } from '../db/list-query.ts';
import { csvExport } from '../lib/http/list-export.ts';
import { bulkAct, bulkDeleted, deleteFrom, listInput } from '../lib/http/list-bulk.ts';

/** The page form as checked against the wire contract (PageInput); the title is stored trimmed. */
const form = (v: PageInput) => ({ title: v.title.trim(), content: v.content });

/**
 * Content pages (admin-area §2 "Pages list", §3, §7): GET page?page (paged), GET page/{id},
 * POST page, PUT page/{id} (title, content), DELETE page/{id}; list params, GET page/export and
 * POST page/bulk-delete (db/list-query.ts). Screen `pages` only.
 */
export const pageRoutes = new Hono<AppEnv>()
  .use('*', requireUser, requireScreen('pages'))
  .get('/', requireAbility('pages.view'), async (c) => ok(c, await q.listPages(c.var.sql, pageOf(c.req.query('page')), readListQuery(q.PAGE_LIST, c.req.query()))))
  .get('/export', requireAbility('pages.view'), async (c) => csvExport(c, c.var.sql, q.PAGE_LIST, readListQuery(q.PAGE_LIST, c.req.query()), ALL, 'pages'))
  .post('/bulk-delete', requireAbility('pages.delete'), async (c) =>
    bulkDeleted(c, await bulkAct(c.var.sql, q.PAGE_LIST, listInput(c.req.query(), await readBody(c)), ALL, deleteFrom('pages'))))
  .get('/:id', requireAbility('pages.view'), async (c) => {
    const page = await q.getPage(c.var.sql, toId(c.req.param('id')));
    if (!page) throw notFound('Page');
    return ok(c, page);
  })
  .post('/', requireAbility('pages.create'), body(PageInput), async (c) => {
    return ok(c, await q.createPage(c.var.sql, form(c.req.valid('form'))), 'Page created successfully.');
  })
  .put('/:id', requireAbility('pages.edit'), body(PageInput), async (c) => {
    if (!(await q.updatePage(c.var.sql, toId(c.req.param('id')), form(c.req.valid('form'))))) throw notFound('Page');
    return ok(c, null, 'Page updated successfully.');
  })
  .delete('/:id', requireAbility('pages.delete'), async (c) => {
    if (!(await q.deletePage(c.var.sql, toId(c.req.param('id'))))) throw notFound('Page');
    return ok(c, null, 'Page deleted successfully.');
  });
