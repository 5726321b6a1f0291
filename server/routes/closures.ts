import { Hono } from 'hono';
import type { AppEnv } from '../http/context.ts';
import { ok, toId } from '../http/envelope.ts';
import { body } from '../http/input.ts';
import { assertOrganiserAccess, requireUser } from '../http/middleware/auth.ts';
import { inScope } from '../http/middleware/scope.ts';
import { ClosureInput } from '../../src/common/contract/organiser.ts';
import * as closures from '../services/closures.ts';
import { logs, whoOf } from '../http/logs.ts';

/**
 * Dated closures, an extension of Working Days (docs/extensions.md; organiser-console §2):
 *
 * - GET    closures/{company_id}  -> data { company_id, closures: [{ id, company_id, date, note }] } (earliest first)
 * - POST   closures               company_id, date (YYYY-MM-DD), note (optional, one line, <= 200)
 *                                 -> data the closure; 422 { date: ['This date is already closed.'] }
 * - DELETE closures/{id}          -> data null
 *
 * A company user reaches only its own organiser (403); an unknown organiser or closure is 404.
 */
export const closureRoutes = new Hono<AppEnv>()
  .use('*', requireUser)
  .get('/:companyId', async (c) => {
    const id = await assertOrganiserAccess(c.get('sql'), c.get('user'), toId(c.req.param('companyId')));
    return ok(c, await closures.closuresOf(c.get('sql'), id));
  })
  .post('/', logs('working_days'), body(ClosureInput, { company_id: 'company id' }), async (c) => {
    const input = c.req.valid('form');
    const id = await assertOrganiserAccess(c.get('sql'), c.get('user'), input.company_id);
    return ok(c, await closures.addClosure(c.get('sql'), whoOf(c), id, input.date, input.note), 'Closed date added successfully.');
  })
  .delete('/:id', logs('working_days'), async (c) => {
    const found = await inScope<{ id: number }>(c.get('sql'), c.get('user'), 'closures', toId(c.req.param('id')), 'id');
    await closures.removeClosure(c.get('sql'), whoOf(c), found.tenant_owner!, Number(found.id));
    return ok(c, null, 'Closed date removed successfully.');
  });
