import { Hono } from 'hono';
import type { AppEnv } from '../context.ts';
import { ApiError, forbidden, notFound, validationError } from '../http-error.ts';
import { ok, pageOf, readBody, toId } from '../lib/envelope.ts';
import { ORGANISER_ROLE } from '../lib/user-rules.ts';
import { email, integer, maxLength, required, str, validate, type Rule } from '../lib/validate.ts';
import { hashPassword, sha256 } from '../lib/passwords.ts';
import { invitedMessage, resendInvitation } from '../lib/invitations.ts';
import { bearer, requireAbility, requireScreen, requireUser } from '../middleware/auth.ts';
import { passwordProblem } from '../../src/common/password.ts';
import type { AuthUser } from '../db/queries/auth.ts';
import type { Sql } from '../db/sql.ts';
import * as q from '../db/queries/users.ts';
import * as roles from '../db/queries/roles.ts';
import { readListQuery } from '../db/list-query.ts';
import { csvExport } from '../lib/list-export.ts';
import { bulkAct, bulkDeleted, listInput } from '../lib/list-bulk.ts';

/** The password rule of src/common/password.ts; an empty value is left to `required`. */
const strong: Rule = (v) => (String(v ?? '') === '' ? null : passwordProblem(String(v)));
const chosen: Rule = (v, l) => (String(v ?? '').trim() === '0' ? `The ${l} field is required.` : null);
const base = { name: [required, maxLength(255)], email: [required, email, maxLength(255)], role: [required, integer, chosen] };

/** The role ids whose users `user` may see and manage ("Role can access to", DESIGN.md §3); admin: all. */
async function scopeOf(sql: Sql, user: AuthUser): Promise<q.UserScope> {
  return user.isAdmin ? 'all' : roles.accessibleRoleIds(sql, user.roles.map((r) => r.id));
}
const inScope = (scope: q.UserScope, roleId: number) => scope === 'all' || scope.includes(roleId);

/** A role the caller may give: known (422), not company (422), within its access list and never admin for a non-admin (403). */
async function assignableRole(sql: Sql, user: AuthUser, roleId: number) {
  const role = await roles.getRole(sql, roleId);
  if (!role) throw validationError({ role: ['The selected role is invalid.'] });
  if (role.name === 'company') throw validationError({ role: [ORGANISER_ROLE] });
  if (!(await user.assignable()).includes(roleId)) throw forbidden('You may not manage users of this role.');
  return role;
}

/** A user the caller may see: 404 when it does not exist or lies outside the caller's access list. */
async function visibleUser(sql: Sql, scope: q.UserScope, id: number) {
  const u = await q.getUser(sql, id);
  if (!u || !inScope(scope, u.role)) throw notFound('User');
  return u;
}

/**
 * Users (admin-area §2 "Users list", §3, §7): GET user?page, GET user/{id}, POST user,
 * PUT user/{id} (password only when not empty), DELETE user/{id}. Issue 20 §3: POST user without
 * a password invites the user (e-mail queued in the same transaction); POST user/{id}/invite
 * sends the invitation again (409 once a password is set; throttled per address). POST user/import lives in
 * routes/user-import.ts (checked at once, then a background job answering `data { job_id }`).
 * List params (q, sort, dir, per_page, role), GET user/export (CSV) and POST user/bulk-delete
 * (ids or all=1 + filters; never the caller's own account) follow db/list-query.ts.
 * A non-admin sees and manages only users whose first role is in its "Role can access to" list.
 * user/get and user/getmenu belong to routes/auth.ts and are matched before these.
 */
export const userRoutes = new Hono<AppEnv>()
  .use('*', requireUser)
  .get('/', requireScreen('users'), requireAbility('users.view'), async (c) => {
    const lq = readListQuery(q.USER_LIST, c.req.query());
    return ok(c, await q.listUsers(c.var.sql, await scopeOf(c.var.sql, c.var.user), pageOf(c.req.query('page')), lq));
  })
  .get('/export', requireScreen('users'), requireAbility('users.view'), async (c) => {
    const lq = readListQuery(q.USER_LIST, c.req.query());
    return csvExport(c, c.var.sql, q.USER_LIST, lq, q.scopeOf(await scopeOf(c.var.sql, c.var.user)), 'users');
  })
  .post('/bulk-delete', requireScreen('users'), requireAbility('users.delete'), async (c) => {
    const sql = c.var.sql;
    const me = c.var.user.id;
    const scope = q.scopeOf(await scopeOf(sql, c.var.user));
    // "All matching" never includes the caller; naming the caller is refused like a single delete.
    const n = await bulkAct(sql, q.USER_LIST, listInput(c.req.query(), await readBody(c)),
      { where: `${scope.where || '1 = 1'} AND u.id <> ?`, params: [...scope.params, me] }, q.deleteUsers,
      (ids) => (ids.includes(me) ? 'You cannot delete your own account.' : null));
    return bulkDeleted(c, n);
  })
  .get('/:id', requireScreen('users'), requireAbility('users.view'), async (c) => {
    const { company_id: _, ...user } = await visibleUser(c.var.sql, await scopeOf(c.var.sql, c.var.user), toId(c.req.param('id')));
    return ok(c, user);
  })
  .post('/', requireScreen('users'), requireAbility('users.create'), async (c) => {
    const sql = c.var.sql;
    const body = await readBody(c);
    // Issue 20 §3: a blank password invites the user to choose one (the e-mail is queued with the user).
    validate(body, { ...base, password: [strong, maxLength(255)] });
    const role = await assignableRole(sql, c.var.user, Number(str(body, 'role')));
    if (await q.emailTaken(sql, str(body, 'email'))) throw validationError({ email: ['The email has already been taken.'] });
    const password = str(body, 'password');
    const id = await q.createUser(sql, {
      name: str(body, 'name').trim(), email: str(body, 'email').trim(), passwordHash: password ? await hashPassword(password) : '', roleId: role.id,
    });
    if (password) return ok(c, await q.getUser(sql, id), 'User created successfully.');
    c.var.mailer.wake();
    return ok(c, await q.getUser(sql, id), invitedMessage('User', str(body, 'email').trim()));
  })
  .put('/:id', requireScreen('users'), requireAbility('users.edit'), async (c) => {
    const sql = c.var.sql;
    const body = await readBody(c);
    const scope = await scopeOf(sql, c.var.user);
    const current = await visibleUser(sql, scope, toId(c.req.param('id')));
    validate(body, { ...base, password: [strong, maxLength(255)] });
    const roleId = Number(str(body, 'role'));
    const self = current.id === c.var.user.id;
    if (self && !c.var.user.isAdmin && roleId !== current.role) throw forbidden('You may not change your own role.');
    // Organiser sign-in users keep role company; they are edited from Organizers.
    if (current.company_id !== null) {
      if (roleId !== current.role) throw validationError({ role: [ORGANISER_ROLE] });
    } else if (roleId !== current.role || !self) await assignableRole(sql, c.var.user, roleId);
    if (await q.emailTaken(sql, str(body, 'email'), current.id)) throw validationError({ email: ['The email has already been taken.'] });
    const password = str(body, 'password');
    await q.updateUser(sql, current.id, {
      name: str(body, 'name').trim(), email: str(body, 'email').trim(), roleId,
      passwordHash: password.trim() ? await hashPassword(password) : undefined,
      keepToken: self ? sha256(bearer(c.req.header('authorization'))) : '',
    });
    return ok(c, await q.getUser(sql, current.id), 'User updated successfully.');
  })
  .post('/:id/invite', requireScreen('users'), requireAbility('users.edit'), async (c) => {
    const sql = c.var.sql;
    const current = await visibleUser(sql, await scopeOf(sql, c.var.user), toId(c.req.param('id')));
    await resendInvitation(c, current);
    return ok(c, null, `The invitation will be e-mailed again to ${current.email}.`);
  })
  .delete('/:id', requireScreen('users'), requireAbility('users.delete'), async (c) => {
    const sql = c.var.sql;
    const current = await visibleUser(sql, await scopeOf(sql, c.var.user), toId(c.req.param('id')));
    if (current.id === c.var.user.id) throw new ApiError(409, 'You cannot delete your own account.');
    await q.deleteUser(sql, current.id);
    return ok(c, null, 'User deleted successfully.');
  });
