import { Hono } from 'hono';
import type { AppEnv } from '../context.ts';
import { notFound } from '../http-error.ts';
import { ok, pageOf, readBody, toId } from '../lib/envelope.ts';
import { maxLength, required, str, validate } from '../lib/validate.ts';
import { requireAbility, requireScreen, requireUser } from '../middleware/auth.ts';
import * as q from '../db/queries/pages.ts';

const rules = { title: [required, maxLength(255)], content: [required, maxLength(100_000)] };
const form = (body: Record<string, unknown>) => ({ title: str(body, 'title').trim(), content: str(body, 'content') });

/**
 * Content pages (admin-area §2 "Pages list", §3, §7): GET page?page (paged), GET page/{id},
 * POST page, PUT page/{id} (title, content), DELETE page/{id}. Screen `pages` only.
 */
export const pageRoutes = new Hono<AppEnv>()
  .use('*', requireUser, requireScreen('pages'))
  .get('/', requireAbility('pages.view'), async (c) => ok(c, await q.listPages(c.var.sql, pageOf(c.req.query('page')))))
  .get('/:id', requireAbility('pages.view'), async (c) => {
    const page = await q.getPage(c.var.sql, toId(c.req.param('id')));
    if (!page) throw notFound('Page');
    return ok(c, page);
  })
  .post('/', requireAbility('pages.create'), async (c) => {
    const body = await readBody(c);
    validate(body, rules);
    return ok(c, await q.createPage(c.var.sql, form(body)), 'Page created successfully.');
  })
  .put('/:id', requireAbility('pages.edit'), async (c) => {
    const body = await readBody(c);
    validate(body, rules);
    if (!(await q.updatePage(c.var.sql, toId(c.req.param('id')), form(body)))) throw notFound('Page');
    return ok(c, null, 'Page updated successfully.');
  })
  .delete('/:id', requireAbility('pages.delete'), async (c) => {
    if (!(await q.deletePage(c.var.sql, toId(c.req.param('id'))))) throw notFound('Page');
    return ok(c, null, 'Page deleted successfully.');
  });
