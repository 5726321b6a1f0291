import type { Sql } from '../db/sql.ts';
import type { AuthUser } from '../db/queries/auth.ts';
import type { ListQuery } from '../db/list-query.ts';
import { Conflict, Invalid, NotFound, Refused } from '../runtime/domain-errors.ts';
import { DbError } from '../db/errors.ts';
import { ORGANISER_ROLE } from '../lib/rules/user-rules.ts';
import { hashPassword } from '../lib/auth/passwords.ts';
import { bulkAct } from './list-bulk.ts';
import * as q from '../db/queries/users.ts';
import * as roles from '../db/queries/roles.ts';
import { explainAccess } from '../../src/common/access-explainer.ts';
import { createRecorded, recordActivity, type Who } from '../lib/activity/record.ts';
import { readRecord } from '../lib/activity/activity-records.ts';
import { versionCheck } from '../lib/activity/versions.ts';
import { queueWebhookEvent } from '../lib/webhooks/emit.ts';

/**
 * What the Users calls do (admin-area §2, §3, §7; DESIGN.md §3 "Role can access to"): who may
 * see, give and change which user, and the writes that follow. routes/users.ts reads the input
 * and answers; db/queries/users.ts reads and writes the rows. Errors are domain errors: NotFound for
 * a user outside the caller's access list, Refused for a role the caller may not give or its own
 * role, Invalid for an unknown or organiser role or a taken e-mail, Conflict for deleting oneself. Each write
 * records its activity row (`who`, resource `users`, or `imports` for an import) in its own transaction.
 */

/** The list whose sort, search and filters GET user, user/export and user/bulk-delete accept. */
export const USER_LIST = q.USER_LIST;

/** The role ids whose users `user` may see and manage; admin: all. */
export async function scopeOf(sql: Sql, user: AuthUser): Promise<q.UserScope> {
  return user.isAdmin
    ? 'all'
    : roles.accessibleRoleIds(
        sql,
        user.roles.map((r) => r.id),
      );
}
const inScope = (scope: q.UserScope, roleId: number) => scope === 'all' || scope.includes(roleId);
/** The SQL scope of `user`'s visible users, for list exports. */
export const listScope = async (sql: Sql, user: AuthUser) => q.scopeOf(await scopeOf(sql, user));

/** A role the caller may give: known (422), not company (422), within its access list and never admin for a non-admin (403). */
async function assignableRole(sql: Sql, user: AuthUser, roleId: number) {
  const role = await roles.roleName(sql, roleId);
  if (!role) throw new Invalid({ role: ['The selected role is invalid.'] });
  if (role.name === 'company') throw new Invalid({ role: [ORGANISER_ROLE] });
  // An administrator may give every role but company (db/queries/auth.ts assignableRoles): nothing more to read.
  if (!user.isAdmin && !(await user.assignable()).includes(roleId)) throw new Refused('You may not manage users of this role.');
  return role;
}

/** A user `caller` may see: 404 when it does not exist or lies outside the caller's access list. */
export async function visibleUser(sql: Sql, caller: AuthUser, id: number) {
  const u = await q.getUser(sql, id);
  if (!u || !inScope(await scopeOf(sql, caller), u.role)) throw new NotFound('User');
  return u;
}

/**
 * GET user/{id}/access, "Why can (or can't) they?": the facts of the user's roles
 * (permission names, admin menus, access role names) and every screen's and ability's verdict
 * from src/common/access-explainer.ts. 404 outside the caller's access list, like GET user/{id}.
 */
export async function userAccess(sql: Sql, caller: AuthUser, id: number) {
  const u = await visibleUser(sql, caller, id);
  const facts = await roles.roleFacts(
    sql,
    u.roles.map((r) => r.id),
  );
  return { user: { id: u.id, name: u.name }, roles: facts, ...explainAccess(facts) };
}

/** GET user: a page of the users `caller` may see. */
export const listUsers = async (sql: Sql, caller: AuthUser, page: number, lq: ListQuery) => q.listUsers(sql, await scopeOf(sql, caller), page, lq);

/** POST user/bulk-delete: deletes the named or matching users in one transaction; never the caller (409 when named). Resolves to the count. */
export async function bulkDeleteUsers(sql: Sql, caller: AuthUser, who: Who, input: Record<string, string | undefined>): Promise<number> {
  const scope = await listScope(sql, caller);
  return bulkAct(sql, q.USER_LIST, input, { where: `${scope.where || '1 = 1'} AND u.id <> ?`, params: [...scope.params, caller.id] }, q.deleteUsers, {
    log: { who, resource: 'users' },
    refuse: (ids) => (ids.includes(caller.id) ? 'You cannot delete your own account.' : null),
  });
}

/** The answer to an e-mail another user already signs in with (POST user, PUT user/{id}). */
const EMAIL_TAKEN = 'The email has already been taken.';

/** What POST user and PUT user/{id} take, already checked for shape (routes/users.ts). */
export interface UserFields {
  name: string;
  email: string;
  roleId: number;
  password: string;
}

/**
 * POST user: creates the user with a role `caller` may give. A blank password invites the user
 * (the invitation e-mail is queued with the user). Resolves to the new user and
 * whether it was invited.
 */
export async function createUser(sql: Sql, caller: AuthUser, who: Who, u: UserFields) {
  const role = await assignableRole(sql, caller, u.roleId);
  if (await q.emailTaken(sql, u.email)) throw new Invalid({ email: [EMAIL_TAKEN] });
  const passwordHash = u.password ? await hashPassword(u.password) : '';
  const id = await createRecorded(sql, who, 'users', { resource: 'users', label: u.name }, async (tx) => {
    const id = await q.createUser(tx, { name: u.name, email: u.email, passwordHash, roleId: role.id });
    await queueWebhookEvent(tx, 'user.created', null, { id, name: u.name, email: u.email, role: role.name, invited: !u.password });
    return id;
  });
  return { user: (await q.getUser(sql, id))!, invited: !u.password };
}

/**
 * PUT user/{id}: a non-admin may not change its own role (403); an organiser's sign-in user keeps
 * role company (422); another role must be one the caller may give; an e-mail another user signs
 * in with answers 422 EMAIL_TAKEN on `email` (found by the unique index users_email, after the
 * other checks, as if it came last). A new password (not blank) ends every session of the user
 * but `keepToken` (the hash of the caller's own token when it edits itself). The last admin stays
 * an admin (403, db/queries/users.ts). `input` is read first, but when it throws, a user out of
 * reach answers 404 before a bad body answers 422. Resolves to the user.
 * The common edit (name or e-mail, role kept, no password) is two statements of its own on
 * PostgreSQL (three on SQLite, which reads the row before it apart): the change, which reads the
 * row before it and the role and moves (and checks) the record's version, and the activity row
 * (`renameKeepingRole`). A stale If-Match changes nothing there and takes the other path, whose
 * version check answers 412.
 */
export async function updateUser(sql: Sql, caller: AuthUser, who: Who, id: number, input: () => UserFields, keepToken: string) {
  let u: UserFields;
  try {
    u = input();
  } catch (err) {
    await visibleUser(sql, caller, id);
    throw err;
  }
  try {
    return (await renameKeepingRole(sql, caller, who, id, u)) ?? (await changeUser(sql, caller, who, id, u, keepToken));
  } catch (err) {
    if (!(err instanceof DbError && err.kind === 'unique' && err.column === 'email')) throw err;
    // Rolled back: whatever would have answered before the e-mail answers first.
    await checkEdit(sql, caller, await visibleUser(sql, caller, id), u);
    throw new Invalid({ email: [EMAIL_TAKEN] });
  }
}

/** The checks of PUT user/{id} on `current` (visible to `caller`) before anything is written: 403 own role, 422 organiser role, assignableRole's. */
async function checkEdit(sql: Sql, caller: AuthUser, current: q.UserItem & { company_id: number | null }, u: UserFields) {
  const self = current.id === caller.id;
  if (self && !caller.isAdmin && u.roleId !== current.role) throw new Refused('You may not change your own role.');
  // Organiser sign-in users keep role company; they are edited from Organizers.
  if (current.company_id !== null) {
    if (u.roleId !== current.role) throw new Invalid({ role: [ORGANISER_ROLE] });
  } else if (u.roleId !== current.role || !self) await assignableRole(sql, caller, u.roleId);
}

/** Thrown inside `renameKeepingRole`'s transaction to roll it back when the edit is not the common one. */
const NOT_COMMON = Symbol('not the common edit');

/**
 * The common edit of PUT user/{id}, or undefined (nothing written) when `u` is not one: a name
 * and e-mail change of a user whose one role is `u.roleId`, without a password. Its checks are
 * those of `checkEdit` for a kept role, made on what the change itself answers (the row before
 * it, its organiser, the role's name); a non-admin's access list and assignable roles first.
 */
async function renameKeepingRole(sql: Sql, caller: AuthUser, who: Who, id: number, u: UserFields) {
  if (u.password.trim()) return undefined;
  if (!caller.isAdmin && (!inScope(await scopeOf(sql, caller), u.roleId) || (id !== caller.id && !(await caller.assignable()).includes(u.roleId))))
    return undefined;
  try {
    return await sql.transaction(async (tx) => {
      const row = await q.renameKeepingRole(tx, id, u.roleId, u.name, u.email, versionCheck(who.version, 'users', id));
      if (!row) throw NOT_COMMON;
      const { role_name: roleName, ...before } = row;
      const companyId = before.company_id === null ? null : Number(before.company_id);
      if (companyId === null && id !== caller.id && roleName === 'company') throw new Invalid({ role: [ORGANISER_ROLE] });
      const version = Number(before.version) + 1;
      await recordActivity(tx, who, {
        resource: 'users',
        action: 'update',
        id,
        label: u.name,
        before,
        after: { ...before, name: u.name, email: u.email, version },
        version,
      });
      return {
        id,
        name: u.name,
        email: u.email,
        image: before.image as string | null,
        company_id: companyId,
        invited: before.password_hash === '',
        role: u.roleId,
        roles: [{ id: u.roleId, name: roleName }],
      };
    });
  } catch (err) {
    if (err === NOT_COMMON) return undefined;
    throw err;
  }
}

/** Any other edit of PUT user/{id} (a role change, a password, several roles): read, checked, then written. */
async function changeUser(sql: Sql, caller: AuthUser, who: Who, id: number, u: UserFields, keepToken: string) {
  const current = await visibleUser(sql, caller, id);
  await checkEdit(sql, caller, current, u);
  const self = current.id === caller.id;
  const passwordHash = u.password.trim() ? await hashPassword(u.password) : undefined;
  // A kept role is not rewritten, and the record after the change and the answer follow from
  // the row before it, without reading them again.
  const keepRole = u.roleId === current.role && current.roles.length === 1;
  await sql.transaction(async (tx) => {
    const before = await readRecord(tx, 'users', current.id, { lock: true });
    if (!before) throw new NotFound('User');
    await q.updateUser(tx, current.id, { name: u.name, email: u.email, roleId: u.roleId, passwordHash, keepToken: self ? keepToken : '', keepRole });
    const after = keepRole
      ? { ...before, name: u.name, email: u.email, password_hash: passwordHash ?? before.password_hash }
      : await readRecord(tx, 'users', current.id);
    await recordActivity(tx, who, { resource: 'users', action: 'update', id: current.id, label: u.name, before, after });
  });
  return keepRole ? { ...current, name: u.name, email: u.email, invited: passwordHash ? false : current.invited } : (await q.getUser(sql, current.id))!;
}

/** DELETE user/{id}: 404 outside the caller's access list, 409 for the caller itself. */
export async function deleteUser(sql: Sql, caller: AuthUser, who: Who, id: number): Promise<void> {
  const current = await visibleUser(sql, caller, id);
  if (current.id === caller.id) throw new Conflict('You cannot delete your own account.');
  await sql.transaction(async (tx) => {
    const before = await readRecord(tx, 'users', current.id);
    if (!before) throw new NotFound('User');
    await q.deleteUser(tx, current.id);
    await recordActivity(tx, who, { resource: 'users', action: 'delete', id: current.id, label: current.name, before });
    await queueWebhookEvent(tx, 'user.deleted', null, { id: current.id, name: current.name });
  });
}

/** The user import (routes/user-import.ts calls it through this module). */
export { importUsers, takenEmails, USER_IMPORT_BUSY } from './user-import.ts';
