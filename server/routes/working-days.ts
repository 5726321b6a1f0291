import { Hono } from 'hono';
import type { AppEnv } from '../context.ts';
import { notFound, validationError } from '../http-error.ts';
import { ok, readBody, toId } from '../lib/http/envelope.ts';
import { required, str, validate, recordId } from '../lib/http/validate.ts';
import { assertOrganiserAccess, requireUser } from '../middleware/auth.ts';
import * as q from '../db/queries/working-days.ts';

/** Parses the `days` field: a JSON array of day ids 1..7 (duplicates dropped), or null. */
export function parseDays(s: string): number[] | null {
  try {
    const v = JSON.parse(s);
    if (!Array.isArray(v)) return null;
    const days = v.map(Number);
    return days.every((d) => Number.isInteger(d) && d >= 1 && d <= 7) ? [...new Set(days)].sort((a, b) => a - b) : null;
  } catch {
    return null;
  }
}

/**
 * Working days (organiser-console §2 "Working Days", §7 "resource: holiday"; the admin-area §7
 * path quirk puts it on the organiser path, so it is mounted at both `holiday` and `organiser/holiday`):
 *
 * - GET  holiday/{company_id}        -> data { company_id, companydays: [1, 4, 7] }
 * - PUT  holiday (or POST)           form company_id, days = JSON array of day ids 1..7 ("[]" clears)
 *
 * A company user reaches only its own organiser (403 otherwise); an unknown organiser is 404.
 */
export const workingDayRoutes = new Hono<AppEnv>()
  .use('*', requireUser)
  .get('/:companyId', async (c) => {
    const id = toId(c.req.param('companyId'));
    await assertOrganiserAccess(c.var.sql, c.var.user, id);
    if (!(await q.companyExists(c.var.sql, id))) throw notFound('Organizer');
    return ok(c, { company_id: id, companydays: await q.workingDays(c.var.sql, id) });
  })
  .on(['PUT', 'POST'], '/', async (c) => {
    const body = await readBody(c);
    validate(body, { company_id: [required, recordId] }, { company_id: 'company id' });
    const id = toId(str(body, 'company_id'));
    await assertOrganiserAccess(c.var.sql, c.var.user, id);
    const days = parseDays(str(body, 'days') || '[]');
    if (!days) throw validationError({ days: ['The days must be a JSON list of day ids from 1 to 7.'] });
    if (!(await q.companyExists(c.var.sql, id))) throw notFound('Organizer');
    await c.var.sql.transaction((tx) => q.replaceWorkingDays(tx, id, days));
    return ok(c, { company_id: id, companydays: days }, 'Working days updated successfully.');
  });
