import { Hono } from 'hono';
import type { AppEnv } from '../http/context.ts';
import { ok, toId } from '../http/envelope.ts';
import { body } from '../http/input.ts';
import { listCalls } from '../http/list-routes.ts';
import { requireAbility, requireScreen, requireUser } from '../http/middleware/auth.ts';
import { logs, whoOf } from '../http/logs.ts';
import { declaredService } from '../services/declared.ts';
import { inputSchema } from '../../src/common/contract/declared.ts';
import { DECLARED_RECORDS, recordTexts, type AbilityKey, type DeclaredResource } from '../../src/common/resources.ts';

/**
 * The routes of one resource served by the common case (src/common/resources.ts `records`;
 * admin-area §7 for Pages), under `/api/<path>`: GET ?page (a Paginator with the list params),
 * GET /export (CSV), POST /bulk-delete (http/list-routes.ts), GET/PUT/DELETE /{id}, POST /
 * (body: contract/declared.ts inputSchema). Every call needs a signed-in user who opens the
 * resource's screen and holds `<key>.view|create|edit|delete`; each write declares its activity
 * (`logs(<key>)`) and the service records it. Success messages: "<Word> created successfully." …
 */
export function declaredRoutes(d: DeclaredResource) {
  const service = declaredService(d),
    texts = recordTexts(d),
    input = body(inputSchema(d));
  const may = (verb: 'view' | 'create' | 'edit' | 'delete') => requireAbility(`${d.key}.${verb}` as AbilityKey);
  return listCalls(new Hono<AppEnv>().use('*', requireUser, requireScreen(d.screen.key)), {
    spec: service.list,
    csv: d.records.table,
    view: may('view'),
    remove: may('delete'),
    list: (c, page, lq) => service.page(c.get('sql'), page, lq),
    logs: d.key,
    bulkDelete: (c, form) => service.bulkDelete(c.get('sql'), whoOf(c), form),
  })
    .get('/:id', may('view'), async (c) => ok(c, await service.get(c.get('sql'), toId(c.req.param('id')))))
    .post('/', may('create'), logs(d.key), input, async (c) =>
      ok(c, await service.create(c.get('sql'), whoOf(c), c.req.valid('form') as Record<string, string>), texts.created),
    )
    .put('/:id', may('edit'), logs(d.key), input, async (c) =>
      ok(c, await service.update(c.get('sql'), whoOf(c), toId(c.req.param('id')), c.req.valid('form') as Record<string, string>), texts.updated),
    )
    .delete('/:id', may('delete'), logs(d.key), async (c) => {
      await service.remove(c.get('sql'), whoOf(c), toId(c.req.param('id')));
      return ok(c, null, texts.deleted);
    });
}

/** Every declared resource's routes, mounted at `/<path>` of the API (routes/index.ts). */
export const declaredApi = DECLARED_RECORDS.reduce((app, d) => app.route(`/${d.records.path}`, declaredRoutes(d)), new Hono<AppEnv>());
