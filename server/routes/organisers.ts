import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { every } from 'hono/combine';
import type { AppEnv } from '../http/context.ts';
import { forbidden } from '../http/http-error.ts';
import { ok, toId } from '../http/envelope.ts';
import { body } from '../http/input.ts';
import { listCalls } from '../http/list-routes.ts';
import { invitedMessage, resendInvitation } from '../http/invitations.ts';
import { assertOrganiserAccess, requireAbility, requireScreen, requireUser, sessionHashOf } from '../http/middleware/auth.ts';
import { ORGANISER_LABELS, OrganiserCreateInput, OrganiserDeleteInput, OrganiserUpdateInput, textOf } from '../../src/common/contract/admin.ts';
import * as organisers from '../services/organisers.ts';
import { logs, whoOf } from '../http/logs.ts';

const screen = requireScreen('organizers');
const mayDelete = every(screen, requireAbility('organisers.delete'));

/** Deletes the organiser named by `organizer_id` (update-style call, admin-area §7). */
const remove = async (c: Context<AppEnv, string, { in: object; out: { form: OrganiserDeleteInput } }>) => {
  await organisers.deleteOrganiser(c.get('sql'), c.get('files'), whoOf(c), toId(textOf(c.req.valid('form').organizer_id)));
  return ok(c, null, 'Organizer deleted successfully.');
};

/** An organiser's update is its own (a company user) or needs "Edit organisers"; the caller must reach the organiser (403). */
const mayUpdate: MiddlewareHandler<AppEnv> = async (c, next) => {
  await assertOrganiserAccess(c.get('sql'), c.get('user'), toId(c.req.param('id')));
  if (!c.get('user').isCompany && !c.get('user').abilities.has('organisers.edit')) throw forbidden('You do not have the permission to edit organisers.');
  await next();
};

/**
 * Organisers (admin-area §2 "Organisers list", §3, §7; DESIGN.md §4):
 * - GET organiser?page                 paginator of { id, name, email, phone, status, description, user_id }
 * - GET organiser/{id}                 one organiser, its description both flat and as
 *                                      companydetails.description; also a company user's own
 *                                      (organiser profile); `storage` { used, limit } in bytes
 * - POST organiser                     contract OrganiserCreateInput: the company, its sign-in
 *                                      user (role company) and its description in one transaction
 * - PUT organiser/{id}                 contract OrganiserUpdateInput; the e-mail is read-only. Also a
 *                                      company user's own, without status or quota (403 for a quota).
 * - POST|PUT organiser/deleteOrganizer organizer_id
 * - list params (q, sort, dir, per_page, status), GET organiser/export, POST organiser/bulk-delete
 *   (http/list-routes.ts)
 * Everything else than the own-organiser reads and update needs screen `organizers`; the rules
 * are services/organisers.ts's.
 */
export const organiserRoutes = listCalls(new Hono<AppEnv>().use('*', requireUser), {
  spec: organisers.ORGANISER_LIST,
  csv: 'organisers',
  view: every(screen, requireAbility('organisers.view')),
  remove: mayDelete,
  list: (c, page, lq) => organisers.listOrganisers(c.get('sql'), page, lq),
  logs: 'organisers',
  reads: ['organisers', 'users', 'imports'],
  bulkDelete: (c, input) => organisers.bulkDeleteOrganisers(c.get('sql'), c.get('files'), whoOf(c), input),
})
  .post('/deleteOrganizer', mayDelete, logs('organisers'), body(OrganiserDeleteInput, ORGANISER_LABELS), remove)
  .put('/deleteOrganizer', mayDelete, logs('organisers'), body(OrganiserDeleteInput, ORGANISER_LABELS), remove)
  .get('/:id{[0-9]+}', async (c) => {
    const id = await assertOrganiserAccess(c.get('sql'), c.get('user'), toId(c.req.param('id')));
    return ok(c, await organisers.organiserDetail(c.get('sql'), id));
  })
  .post('/', screen, requireAbility('organisers.create'), logs('organisers'), body(OrganiserCreateInput, ORGANISER_LABELS), async (c) => {
    const { organiser, invited, email } = await organisers.createOrganiser(c.get('sql'), whoOf(c), c.req.valid('form'));
    if (!invited) return ok(c, organiser, 'Organizer created successfully.');
    // A blank password invites the organiser's user (e-mail queued with it, naming the organiser).
    c.get('mailer').wake();
    return ok(c, organiser, invitedMessage('Organizer', email));
  })
  .post('/:id{[0-9]+}/invite', screen, requireAbility('organisers.edit'), logs('organisers'), async (c) => {
    const id = toId(c.req.param('id'));
    const { user, name } = await organisers.invitee(c.get('sql'), id);
    await resendInvitation(c, user, { who: whoOf(c), entry: { resource: 'organisers', id, label: name, organiserId: id } });
    return ok(c, null, `The invitation will be e-mailed again to ${user.email}.`);
  })
  .put('/:id{[0-9]+}', mayUpdate, logs('organisers'), body(OrganiserUpdateInput, ORGANISER_LABELS), async (c) =>
    ok(
      c,
      await organisers.updateOrganiser(c.get('sql'), c.get('user'), whoOf(c), toId(c.req.param('id')), c.req.valid('form'), sessionHashOf(c)),
      'Organizer updated successfully.',
    ),
  );
