import { Hono } from 'hono';
import type { AppEnv } from '../context.ts';
import { ok, pageOf, readBody, toId } from '../lib/http/envelope.ts';
import { email, integer, maxLength, required, str, validate, type Rule } from '../lib/http/validate.ts';
import { sha256 } from '../lib/auth/passwords.ts';
import { invitedMessage, resendInvitation } from '../lib/mail/invitations.ts';
import { bearer, requireAbility, requireScreen, requireUser } from '../middleware/auth.ts';
import { passwordProblem } from '../../src/common/password.ts';
import { readListQuery } from '../db/list-query.ts';
import { csvExport } from '../lib/http/list-export.ts';
import { bulkDeleted, listInput } from '../lib/http/list-bulk.ts';
import * as users from '../services/users.ts';

/** The password rule of src/common/password.ts; an empty value is left to `required`. */
const strong: Rule = (v) => (String(v ?? '') === '' ? null : passwordProblem(String(v)));
const chosen: Rule = (v, l) => (String(v ?? '').trim() === '0' ? `The ${l} field is required.` : null);
const rules = { name: [required, maxLength(255)], email: [required, email, maxLength(255)], role: [required, integer, chosen], password: [strong, maxLength(255)] };
/** The body of POST user and PUT user/{id}, checked for shape (422); the rules are services/users.ts's. */
const userInput = (body: Record<string, unknown>): users.UserInput => {
  validate(body, rules);
  return { name: str(body, 'name').trim(), email: str(body, 'email').trim(), roleId: Number(str(body, 'role')), password: str(body, 'password') };
};

/**
 * Users (admin-area §2 "Users list", §3, §7): GET user?page, GET user/{id}, POST user,
 * PUT user/{id} (password only when not empty), DELETE user/{id}. Issue 20 §3: POST user without
 * a password invites the user (e-mail queued in the same transaction); POST user/{id}/invite
 * sends the invitation again (409 once a password is set; throttled per address). GET user/{id}/access (issue 21 §5:
 * the user's roles' facts with each screen's and ability's verdict; needs Edit users; 404 outside scope). POST user/import lives in
 * routes/user-import.ts (checked at once, then a background job answering `data { job_id }`).
 * List params (q, sort, dir, per_page, role), GET user/export (CSV) and POST user/bulk-delete
 * (ids or all=1 + filters; never the caller's own account) follow db/list-query.ts.
 * A non-admin sees and manages only users whose first role is in its "Role can access to" list.
 * user/get and user/getmenu belong to routes/auth.ts and are matched before these.
 */
export const userRoutes = new Hono<AppEnv>()
  .use('*', requireUser)
  .get('/', requireScreen('users'), requireAbility('users.view'), async (c) =>
    ok(c, await users.listUsers(c.var.sql, c.var.user, pageOf(c.req.query('page')), readListQuery(users.USER_LIST, c.req.query()))))
  .get('/export', requireScreen('users'), requireAbility('users.view'), async (c) => {
    const lq = readListQuery(users.USER_LIST, c.req.query());
    return csvExport(c, c.var.sql, users.USER_LIST, lq, await users.listScope(c.var.sql, c.var.user), 'users');
  })
  .post('/bulk-delete', requireScreen('users'), requireAbility('users.delete'), async (c) =>
    bulkDeleted(c, await users.bulkDeleteUsers(c.var.sql, c.var.user, listInput(c.req.query(), await readBody(c)))))
  .get('/:id/access', requireScreen('users'), requireAbility('users.edit'), async (c) =>
    ok(c, await users.userAccess(c.var.sql, c.var.user, toId(c.req.param('id')))))
  .get('/:id', requireScreen('users'), requireAbility('users.view'), async (c) => {
    const { company_id: _, ...user } = await users.visibleUser(c.var.sql, c.var.user, toId(c.req.param('id')));
    return ok(c, user);
  })
  .post('/', requireScreen('users'), requireAbility('users.create'), async (c) => {
    const input = userInput(await readBody(c));
    const { user, invited } = await users.createUser(c.var.sql, c.var.user, input);
    if (!invited) return ok(c, user, 'User created successfully.');
    c.var.mailer.wake();
    return ok(c, user, invitedMessage('User', input.email));
  })
  .put('/:id', requireScreen('users'), requireAbility('users.edit'), async (c) => {
    const body = await readBody(c);
    const user = await users.updateUser(c.var.sql, c.var.user, toId(c.req.param('id')), () => userInput(body), sha256(bearer(c.req.header('authorization'))));
    return ok(c, user, 'User updated successfully.');
  })
  .post('/:id/invite', requireScreen('users'), requireAbility('users.edit'), async (c) => {
    const current = await users.visibleUser(c.var.sql, c.var.user, toId(c.req.param('id')));
    await resendInvitation(c, current);
    return ok(c, null, `The invitation will be e-mailed again to ${current.email}.`);
  })
  .delete('/:id', requireScreen('users'), requireAbility('users.delete'), async (c) => {
    await users.deleteUser(c.var.sql, c.var.user, toId(c.req.param('id')));
    return ok(c, null, 'User deleted successfully.');
  });
