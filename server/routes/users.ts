import { Hono } from 'hono';
import type { AppEnv } from '../context.ts';
import { ApiError, forbidden, notFound, validationError } from '../http-error.ts';
import { ok, pageOf, readBody, toId } from '../lib/envelope.ts';
import { email, integer, maxLength, required, str, validate, type Rule } from '../lib/validate.ts';
import { hashPassword } from '../lib/passwords.ts';
import { importUsers, inScope, ORGANISER_ROLE, scopeOf } from './user-import.ts';
import { requireScreen, requireUser } from '../middleware/auth.ts';
import type { Sql } from '../db/sql.ts';
import * as q from '../db/queries/users.ts';
import * as roles from '../db/queries/roles.ts';

const chosen: Rule = (v, l) => (String(v ?? '').trim() === '0' ? `The ${l} field is required.` : null);
const base = { name: [required, maxLength(255)], email: [required, email, maxLength(255)], role: [required, integer, chosen] };

/** A role the caller may give: known (422), not company (422), within its access list (403). */
async function assignableRole(sql: Sql, scope: q.UserScope, roleId: number) {
  const role = await roles.getRole(sql, roleId);
  if (!role) throw validationError({ role: ['The selected role is invalid.'] });
  if (role.name === 'company') throw validationError({ role: [ORGANISER_ROLE] });
  if (!inScope(scope, roleId)) throw forbidden('You may not manage users of this role.');
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
 * PUT user/{id} (password only when not empty), DELETE user/{id}, POST user/import (routes/user-import.ts:
 * checked at once, then a background job answering `data { job_id }`).
 * A non-admin sees and manages only users whose first role is in its "Role can access to" list.
 * user/get and user/getmenu belong to routes/auth.ts and are matched before these.
 */
export const userRoutes = new Hono<AppEnv>()
  .use('*', requireUser)
  .get('/', requireScreen('users'), async (c) =>
    ok(c, await q.listUsers(c.var.sql, await scopeOf(c.var.sql, c.var.user), pageOf(c.req.query('page')))))
  .post('/import', requireScreen('users'), importUsers)
  .get('/:id', requireScreen('users'), async (c) => {
    const { company_id: _, ...user } = await visibleUser(c.var.sql, await scopeOf(c.var.sql, c.var.user), toId(c.req.param('id')));
    return ok(c, user);
  })
  .post('/', requireScreen('users'), async (c) => {
    const sql = c.var.sql;
    const body = await readBody(c);
    validate(body, { ...base, password: [required, maxLength(255)] });
    const role = await assignableRole(sql, await scopeOf(sql, c.var.user), Number(str(body, 'role')));
    if (await q.emailTaken(sql, str(body, 'email'))) throw validationError({ email: ['The email has already been taken.'] });
    const id = await q.createUser(sql, {
      name: str(body, 'name').trim(), email: str(body, 'email').trim(), passwordHash: await hashPassword(str(body, 'password')), roleId: role.id,
    });
    return ok(c, await q.getUser(sql, id), 'User created successfully.');
  })
  .put('/:id', requireScreen('users'), async (c) => {
    const sql = c.var.sql;
    const body = await readBody(c);
    const scope = await scopeOf(sql, c.var.user);
    const current = await visibleUser(sql, scope, toId(c.req.param('id')));
    validate(body, { ...base, password: [maxLength(255)] });
    const roleId = Number(str(body, 'role'));
    // Organiser sign-in users keep role company; they are edited from Organizers.
    if (current.company_id !== null) {
      if (roleId !== current.role) throw validationError({ role: [ORGANISER_ROLE] });
    } else await assignableRole(sql, scope, roleId);
    if (await q.emailTaken(sql, str(body, 'email'), current.id)) throw validationError({ email: ['The email has already been taken.'] });
    const password = str(body, 'password');
    await q.updateUser(sql, current.id, {
      name: str(body, 'name').trim(), email: str(body, 'email').trim(), roleId,
      passwordHash: password.trim() ? await hashPassword(password) : undefined,
    });
    return ok(c, await q.getUser(sql, current.id), 'User updated successfully.');
  })
  .delete('/:id', requireScreen('users'), async (c) => {
    const sql = c.var.sql;
    const current = await visibleUser(sql, await scopeOf(sql, c.var.user), toId(c.req.param('id')));
    if (current.id === c.var.user.id) throw new ApiError(409, 'You cannot delete your own account.');
    await q.deleteUser(sql, current.id);
    return ok(c, null, 'User deleted successfully.');
  });
