import { Hono } from 'hono';
import { every } from 'hono/combine';
import type { AppEnv } from '../http/context.ts';
import { ok, readBody, toId } from '../http/envelope.ts';
import { body } from '../http/input.ts';
import { parseBody } from '../http/validate.ts';
import { listCalls } from '../http/list-routes.ts';
import { invitedMessage, resendInvitation } from '../http/invitations.ts';
import { requireAbility, requireScreen, requireUser, sessionHashOf } from '../http/middleware/auth.ts';
import { UserInput } from '../../src/common/contract/admin.ts';
import * as users from '../services/users.ts';
import { logs, whoOf } from '../http/logs.ts';

/** The user form checked against the contract (UserInput), as the service takes it: name and e-mail trimmed, the role's id. */
const userInput = (v: UserInput): users.UserFields => ({
  name: v.name.trim(),
  email: v.email.trim(),
  roleId: Number(String(v.role).trim()),
  password: v.password ?? '',
});
const screen = requireScreen('users');

/**
 * Users (admin-area §2 "Users list", §3, §7): GET user?page, GET user/{id}, POST user,
 * PUT user/{id} (contract UserInput; the password only when not empty), DELETE user/{id}. Issue
 * 20 §3: POST user without a password invites the user (e-mail queued in the same transaction);
 * POST user/{id}/invite sends the invitation again (409 once a password is set; throttled per
 * address). GET user/{id}/access (the user's roles' facts with each screen's and
 * ability's verdict; needs Edit users; 404 outside scope). POST user/import lives in
 * routes/user-import.ts. List params (q, sort, dir, per_page, role), GET user/export (CSV) and
 * POST user/bulk-delete (never the caller's own account): http/list-routes.ts.
 * A non-admin sees and manages only users whose first role is in its "Role can access to" list
 * (services/users.ts). user/get and user/getmenu belong to routes/auth.ts and are matched before these.
 */
export const userRoutes = listCalls(new Hono<AppEnv>().use('*', requireUser), {
  spec: users.USER_LIST,
  csv: 'users',
  view: every(screen, requireAbility('users.view')),
  remove: every(screen, requireAbility('users.delete')),
  scope: (c) => users.listScope(c.get('sql'), c.get('user')),
  list: (c, page, lq) => users.listUsers(c.get('sql'), c.get('user'), page, lq),
  logs: 'users',
  reads: ['users', 'roles', 'organisers', 'imports', 'session'],
  bulkDelete: (c, input) => users.bulkDeleteUsers(c.get('sql'), c.get('user'), whoOf(c), input),
})
  .get('/:id/access', screen, requireAbility('users.edit'), async (c) => ok(c, await users.userAccess(c.get('sql'), c.get('user'), toId(c.req.param('id')))))
  .get('/:id', screen, requireAbility('users.view'), async (c) => {
    const { company_id: _, ...user } = await users.visibleUser(c.get('sql'), c.get('user'), toId(c.req.param('id')));
    return ok(c, user);
  })
  .post('/', screen, requireAbility('users.create'), logs('users'), body(UserInput), async (c) => {
    const input = userInput(c.req.valid('form'));
    const { user, invited } = await users.createUser(c.get('sql'), c.get('user'), whoOf(c), input);
    if (!invited) return ok(c, user, 'User created successfully.');
    c.get('mailer').wake();
    return ok(c, user, invitedMessage('User', input.email));
  })
  .put('/:id', screen, requireAbility('users.edit'), logs('users'), async (c) => {
    const raw = await readBody(c);
    // Checked against the contract once the user is known to be the caller's to see (404 first).
    const user = await users.updateUser(
      c.get('sql'),
      c.get('user'),
      whoOf(c),
      toId(c.req.param('id')),
      () => userInput(parseBody(UserInput, raw)),
      sessionHashOf(c),
    );
    return ok(c, user, 'User updated successfully.');
  })
  .post('/:id/invite', screen, requireAbility('users.edit'), logs('users'), async (c) => {
    const current = await users.visibleUser(c.get('sql'), c.get('user'), toId(c.req.param('id')));
    await resendInvitation(c, current, { who: whoOf(c), entry: { resource: 'users', id: current.id, label: current.name, organiserId: current.company_id } });
    return ok(c, null, `The invitation will be e-mailed again to ${current.email}.`);
  })
  .delete('/:id', screen, requireAbility('users.delete'), logs('users'), async (c) => {
    await users.deleteUser(c.get('sql'), c.get('user'), whoOf(c), toId(c.req.param('id')));
    return ok(c, null, 'User deleted successfully.');
  });
