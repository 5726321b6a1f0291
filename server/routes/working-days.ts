import { Hono } from 'hono';
import type { AppEnv } from '../http/context.ts';
import { ok, toId } from '../http/envelope.ts';
import { body } from '../http/input.ts';
import { assertOrganiserAccess, requireUser } from '../http/middleware/auth.ts';
import { WorkingDaysInput } from '../../src/common/contract/organiser.ts';
import * as workingDays from '../services/working-days.ts';
import { logs, whoOf } from '../http/logs.ts';

/**
 * Working days (organiser-console §2 "Working Days", §7 "resource: holiday"; the admin-area §7
 * path quirk puts it on the organiser path, so it is mounted at both `holiday` and `organiser/holiday`):
 *
 * - GET  holiday/{company_id}        -> data { company_id, companydays: [1, 4, 7] }
 * - PUT  holiday (or POST)           company_id, days = JSON array of day ids 1..7 ("[]" clears)
 *   (common/contract/organiser.ts WorkingDaysInput)
 *
 * A company user reaches only its own organiser (403 otherwise); an unknown organiser is 404.
 */
export const workingDayRoutes = new Hono<AppEnv>()
  .use('*', requireUser)
  .get('/:companyId', async (c) => {
    const id = await assertOrganiserAccess(c.get('sql'), c.get('user'), toId(c.req.param('companyId')));
    return ok(c, await workingDays.workingDaysOf(c.get('sql'), id));
  })
  .on(['PUT', 'POST'], '/', logs('working_days'), body(WorkingDaysInput, { company_id: 'company id' }), async (c) => {
    const input = c.req.valid('form');
    const id = await assertOrganiserAccess(c.get('sql'), c.get('user'), input.company_id);
    return ok(c, await workingDays.replaceWorkingDays(c.get('sql'), whoOf(c), id, input.days), 'Working days updated successfully.');
  });
