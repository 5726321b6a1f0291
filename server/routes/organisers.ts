import { Hono, type Context } from 'hono';
import type { AppEnv } from '../context.ts';
import { forbidden, notFound, validationError } from '../http-error.ts';
import { ok, pageOf, readBody, toId } from '../lib/http/envelope.ts';
import { email, maxLength, oneOf, required, str, validate, type Rule } from '../lib/http/validate.ts';
import { hashPassword, sha256 } from '../lib/auth/passwords.ts';
import { invitedMessage, resendInvitation } from '../lib/mail/invitations.ts';
import { recipientById } from '../db/queries/mail-recipients.ts';
import { assertOrganiserAccess, bearer, requireAbility, requireScreen, requireUser } from '../middleware/auth.ts';
import { passwordProblem } from '../../src/common/password.ts';
import { quotaProblem } from '../../src/common/storage.ts';
import { storageOf } from '../db/queries/storage.ts';
import { revokeOtherTokens } from '../db/queries/auth.ts';
import * as q from '../db/queries/organisers.ts';
import { emailTaken } from '../db/queries/users.ts';
import { findRoleByName } from '../db/queries/roles.ts';
import { deleteCollectingImages } from '../db/queries/leftovers.ts';
import { removeLeftovers } from '../lib/files/images.ts';
import { ALL, readListQuery } from '../db/list-query.ts';
import { csvExport } from '../lib/http/list-export.ts';
import { bulkAct, bulkDeleted, listInput } from '../lib/http/list-bulk.ts';

/** The password rule of src/common/password.ts; an empty value is left to `required`. */
const strong: Rule = (v) => (String(v ?? '') === '' ? null : passwordProblem(String(v)));
/** A storage quota in MB (src/common/storage.ts); empty keeps the current one (or the default). */
const quota: Rule = (v) => (String(v ?? '').trim() === '' ? null : quotaProblem(String(v)));
const common = { name: [required, maxLength(255)], phone: [maxLength(50)], description: [maxLength(5000)], status: [oneOf(0, 1, 2)], storage_quota_mb: [quota] };
const quotaLabels = { storage_quota_mb: 'storage quota' };
/** The quota (MB) a body sets, or undefined for none. */
const quotaOf = (body: Record<string, unknown>) => (str(body, 'storage_quota_mb').trim() === '' ? undefined : Number(str(body, 'storage_quota_mb')));

/** Deletes the organiser named by `organizer_id` (update-style call, admin-area §7). */
const remove = async (c: Context<AppEnv>) => {
  const body = await readBody(c);
  validate(body, { organizer_id: [required] }, { organizer_id: 'organizer id' });
  const id = toId(str(body, 'organizer_id'));
  if (!Number.isInteger(id)) throw notFound('Organizer');
  // Everything of the organiser goes by cascade; its stored images go after the commit.
  const images = await c.var.sql.transaction((tx) => deleteCollectingImages(tx, 'organiser', [id], async (t, one) => {
    if (!(await q.deleteOrganiser(t, one))) throw notFound('Organizer');
  }));
  await removeLeftovers(c.var.files, images);
  return ok(c, null, 'Organizer deleted successfully.');
};

/**
 * Organisers (admin-area §2 "Organisers list", §3, §7; DESIGN.md §4):
 * - GET organiser?page                 paginator of { id, name, email, phone, status, description, user_id }
 * - GET organiser/{id}                 one organiser, its description both flat and as
 *                                      companydetails.description (admin-area §3 reads it nested);
 *                                      also a company user's own (organiser profile); `storage_quota_mb`
 *                                      and `storage` { used, limit } in bytes (issue 17 item 7)
 * - POST organiser                     name, email, phone, password, description, status, optional
 *                                      storage_quota_mb (1 … 1,048,576 MB, default 2048): the company,
 *                                      its sign-in user (role company) and its description in one transaction
 * - PUT organiser/{id}                 name, phone, description, optional status, password only when not
 *                                      empty, optional storage_quota_mb; the e-mail is read-only. Also a company
 *                                      user's own, without status or quota (403 for a quota).
 * - POST|PUT organiser/deleteOrganizer organizer_id
 * - list params (q, sort, dir, per_page, status), GET organiser/export, POST organiser/bulk-delete
 *   (db/list-query.ts)
 * Everything else than the own-organiser reads and update needs screen `organizers`.
 */
export const organiserRoutes = new Hono<AppEnv>()
  .use('*', requireUser)
  .get('/', requireScreen('organizers'), requireAbility('organisers.view'), async (c) =>
    ok(c, await q.listOrganisers(c.var.sql, pageOf(c.req.query('page')), readListQuery(q.ORGANISER_LIST, c.req.query()))))
  .get('/export', requireScreen('organizers'), requireAbility('organisers.view'), async (c) =>
    csvExport(c, c.var.sql, q.ORGANISER_LIST, readListQuery(q.ORGANISER_LIST, c.req.query()), ALL, 'organisers'))
  .post('/bulk-delete', requireScreen('organizers'), requireAbility('organisers.delete'), async (c) => {
    // Like deleteOrganizer: everything of each organiser goes by cascade, its stored images after the commit.
    const images: string[] = [];
    const n = await bulkAct(c.var.sql, q.ORGANISER_LIST, listInput(c.req.query(), await readBody(c)), ALL, async (tx, ids) => {
      images.push(...(await deleteCollectingImages(tx, 'organiser', ids, q.deleteOrganiser)));
      return ids.length;
    });
    await removeLeftovers(c.var.files, images);
    return bulkDeleted(c, n);
  })
  .post('/deleteOrganizer', requireScreen('organizers'), requireAbility('organisers.delete'), (c) => remove(c))
  .put('/deleteOrganizer', requireScreen('organizers'), requireAbility('organisers.delete'), (c) => remove(c))
  .get('/:id{[0-9]+}', async (c) => {
    const id = await assertOrganiserAccess(c.var.sql, c.var.user, toId(c.req.param('id')));
    const org = await q.getOrganiser(c.var.sql, id);
    if (!org) throw notFound('Organizer');
    return ok(c, { ...org, companydetails: { description: org.description }, storage: await storageOf(c.var.sql, id) });
  })
  .post('/', requireScreen('organizers'), requireAbility('organisers.create'), async (c) => {
    const sql = c.var.sql;
    const body = await readBody(c);
    // Issue 20 §3: a blank password invites the organiser's user (e-mail queued with it, naming the organiser).
    validate(body, { ...common, email: [required, email, maxLength(255)], password: [strong, maxLength(255)] }, quotaLabels);
    if (await emailTaken(sql, str(body, 'email'))) throw validationError({ email: ['The email has already been taken.'] });
    const role = await findRoleByName(sql, 'company');
    if (!role) throw new Error('The company role is missing; the seed makes it.');
    const id = await q.createOrganiser(sql, {
      name: str(body, 'name').trim(), email: str(body, 'email').trim(), phone: str(body, 'phone').trim(),
      status: Number(str(body, 'status') || 2), description: str(body, 'description'),
      passwordHash: str(body, 'password') ? await hashPassword(str(body, 'password')) : '', companyRoleId: role.id, storageQuotaMb: quotaOf(body),
    });
    if (str(body, 'password')) return ok(c, await q.getOrganiser(sql, id), 'Organizer created successfully.');
    c.var.mailer.wake();
    return ok(c, await q.getOrganiser(sql, id), invitedMessage('Organizer', str(body, 'email').trim()));
  })
  .post('/:id{[0-9]+}/invite', requireScreen('organizers'), requireAbility('organisers.edit'), async (c) => {
    const org = await q.getOrganiser(c.var.sql, toId(c.req.param('id')));
    const user = org?.user_id ? await recipientById(c.var.sql, org.user_id) : undefined;
    if (!user) throw notFound('Organizer');
    await resendInvitation(c, user);
    return ok(c, null, `The invitation will be e-mailed again to ${user.email}.`);
  })
  .put('/:id{[0-9]+}', async (c) => {
    const sql = c.var.sql;
    const id = await assertOrganiserAccess(sql, c.var.user, toId(c.req.param('id')));
    const body = await readBody(c);
    if (!c.var.user.isCompany && !c.var.user.abilities.has('organisers.edit')) throw forbidden('You do not have the permission to edit organisers.');
    validate(body, { ...common, phone: [required, maxLength(50)], password: [strong, maxLength(255)] }, quotaLabels);
    const password = str(body, 'password');
    // Status is the administrators' to set, not the organiser's own profile.
    const status = !c.var.user.isCompany && str(body, 'status') !== '' ? Number(str(body, 'status')) : undefined;
    // So is the storage quota: an organiser's own update that sends one is refused.
    if (c.var.user.isCompany && quotaOf(body) !== undefined) throw forbidden('Only an administrator can change the storage quota.');
    const done = await q.updateOrganiser(sql, id, {
      name: str(body, 'name').trim(), phone: str(body, 'phone').trim(), description: str(body, 'description'), status,
      passwordHash: password.trim() ? await hashPassword(password) : undefined, storageQuotaMb: quotaOf(body),
    });
    if (!done) throw notFound('Organizer');
    const org = await q.getOrganiser(sql, id);
    // A new password ends the organiser user's other sessions (DESIGN.md §3).
    if (password.trim() && org?.user_id) await revokeOtherTokens(sql, org.user_id, c.var.user.id === org.user_id ? sha256(bearer(c.req.header('authorization'))) : '');
    return ok(c, await q.getOrganiser(sql, id), 'Organizer updated successfully.');
  });
