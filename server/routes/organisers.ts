import { Hono, type Context } from 'hono';
import type { AppEnv } from '../context.ts';
import { notFound, validationError } from '../http-error.ts';
import { ok, pageOf, readBody, toId } from '../lib/envelope.ts';
import { email, maxLength, oneOf, required, str, validate } from '../lib/validate.ts';
import { hashPassword } from '../lib/passwords.ts';
import { assertOrganiserAccess, requireScreen, requireUser } from '../middleware/auth.ts';
import * as q from '../db/queries/organisers.ts';
import { emailTaken } from '../db/queries/users.ts';
import { findRoleByName } from '../db/queries/roles.ts';
import { ALL, readListQuery } from '../lib/list-query.ts';
import { csvExport } from '../lib/list-export.ts';
import { bulkAct, bulkDeleted, deleteFrom, listInput } from '../lib/list-bulk.ts';

const common = { name: [required, maxLength(255)], phone: [maxLength(50)], description: [maxLength(5000)], status: [oneOf(0, 1, 2)] };

/** Deletes the organiser named by `organizer_id` (update-style call, admin-area §7). */
const remove = async (c: Context<AppEnv>) => {
  const body = await readBody(c);
  validate(body, { organizer_id: [required] }, { organizer_id: 'organizer id' });
  if (!(await q.deleteOrganiser(c.var.sql, toId(str(body, 'organizer_id'))))) throw notFound('Organizer');
  return ok(c, null, 'Organizer deleted successfully.');
};

/**
 * Organisers (admin-area §2 "Organisers list", §3, §7; DESIGN.md §4):
 * - GET organiser?page                 paginator of { id, name, email, phone, status, description, user_id }
 * - GET organiser/{id}                 one organiser; also a company user's own (organiser profile)
 * - POST organiser                     name, email, phone, password, description, status: the company,
 *                                      its sign-in user (role company) and its description in one transaction
 * - PUT organiser/{id}                 name, phone, description, optional status, password only when not
 *                                      empty; the e-mail is read-only. Also a company user's own.
 * - POST|PUT organiser/deleteOrganizer organizer_id
 * - list params (q, sort, dir, per_page, status), GET organiser/export, POST organiser/bulk-delete
 *   (lib/list-query.ts)
 * Everything else than the own-organiser reads and update needs screen `organizers`.
 */
export const organiserRoutes = new Hono<AppEnv>()
  .use('*', requireUser)
  .get('/', requireScreen('organizers'), async (c) =>
    ok(c, await q.listOrganisers(c.var.sql, pageOf(c.req.query('page')), readListQuery(q.ORGANISER_LIST, c.req.query()))))
  .get('/export', requireScreen('organizers'), async (c) =>
    csvExport(c, c.var.sql, q.ORGANISER_LIST, readListQuery(q.ORGANISER_LIST, c.req.query()), ALL, 'organisers'))
  .post('/bulk-delete', requireScreen('organizers'), async (c) =>
    bulkDeleted(c, await bulkAct(c.var.sql, q.ORGANISER_LIST, listInput(c.req.query(), await readBody(c)), ALL, deleteFrom('companies'))))
  .post('/deleteOrganizer', requireScreen('organizers'), (c) => remove(c))
  .put('/deleteOrganizer', requireScreen('organizers'), (c) => remove(c))
  .get('/:id{[0-9]+}', async (c) => {
    const id = await assertOrganiserAccess(c.var.sql, c.var.user, toId(c.req.param('id')));
    const org = await q.getOrganiser(c.var.sql, id);
    if (!org) throw notFound('Organizer');
    return ok(c, org);
  })
  .post('/', requireScreen('organizers'), async (c) => {
    const sql = c.var.sql;
    const body = await readBody(c);
    validate(body, { ...common, email: [required, email, maxLength(255)], password: [required, maxLength(255)] });
    if (await emailTaken(sql, str(body, 'email'))) throw validationError({ email: ['The email has already been taken.'] });
    const role = await findRoleByName(sql, 'company');
    if (!role) throw new Error('The company role is missing; the seed makes it.');
    const id = await q.createOrganiser(sql, {
      name: str(body, 'name').trim(), email: str(body, 'email').trim(), phone: str(body, 'phone').trim(),
      status: Number(str(body, 'status') || 2), description: str(body, 'description'),
      passwordHash: await hashPassword(str(body, 'password')), companyRoleId: role.id,
    });
    return ok(c, await q.getOrganiser(sql, id), 'Organizer created successfully.');
  })
  .put('/:id{[0-9]+}', async (c) => {
    const sql = c.var.sql;
    const id = await assertOrganiserAccess(sql, c.var.user, toId(c.req.param('id')));
    const body = await readBody(c);
    validate(body, { ...common, phone: [required, maxLength(50)], password: [maxLength(255)] });
    const password = str(body, 'password');
    // Status is the administrators' to set, not the organiser's own profile.
    const status = !c.var.user.isCompany && str(body, 'status') !== '' ? Number(str(body, 'status')) : undefined;
    const done = await q.updateOrganiser(sql, id, {
      name: str(body, 'name').trim(), phone: str(body, 'phone').trim(), description: str(body, 'description'), status,
      passwordHash: password.trim() ? await hashPassword(password) : undefined,
    });
    if (!done) throw notFound('Organizer');
    return ok(c, await q.getOrganiser(sql, id), 'Organizer updated successfully.');
  });
