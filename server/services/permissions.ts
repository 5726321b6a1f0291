import type { Sql } from '../db/sql.ts';
import { found, Invalid, NotFound, Refused } from '../runtime/domain-errors.ts';
import type { PermissionInput } from '../../src/common/contract/schemas.ts';
import { isCatalogueName } from '../../src/common/abilities.ts';
import * as q from '../db/queries/permissions.ts';
import { ALL, type ListQuery } from '../db/list-query.ts';
import { bulkAct, deleteFrom } from './list-bulk.ts';
import { recordActivity, type Who } from '../lib/activity/record.ts';

/**
 * Permissions (admin-area §3 Permissions): what each call does. The ability catalogue
 * (src/common/abilities.ts) is seeded as permissions that are fixed: a custom one may not take a
 * catalogue name (422 "The name has already been taken.": it would grant the ability), and a
 * built-in one is neither renamed nor deleted (403), not even in bulk. 404 "Permission not found.".
 * Each write records its activity row (`who`, resource `permissions`) in its own transaction.
 */
export const PERMISSION_LIST = q.PERMISSION_LIST;

/** A name outside the ability catalogue, trimmed. */
function customName(v: PermissionInput) {
  const name = v.name.trim();
  if (isCatalogueName(name)) throw new Invalid({ name: ['The name has already been taken.'] });
  return name;
}
/** Permission `id`; 404 when absent; 403 for a built-in one when it would be `verb` (renamed, deleted). */
async function customPermission(sql: Sql, id: number, verb: string) {
  const p = await getPermission(sql, id);
  if (isCatalogueName(p.name)) throw new Refused(`The permission ${p.name} is built in and cannot be ${verb}.`);
  return p;
}

/** Every permission (the Roles screen's checklist). */
export const allPermissions = (sql: Sql) => q.allPermissions(sql);
/** One page of the Permissions list matching `lq`. */
export const listPermissions = (sql: Sql, page: number, lq: ListQuery) => q.listPermissions(sql, page, lq);
/** Permission `id`; 404 when there is none. */
export const getPermission = (sql: Sql, id: number) => found(q.getPermission(sql, id), 'Permission');
/** Adds a custom permission; resolves to it. */
export const createPermission = (sql: Sql, who: Who, v: PermissionInput) =>
  sql.transaction(async (tx) => {
    const p = (await q.createPermission(tx, customName(v)))!;
    await recordActivity(tx, who, { resource: 'permissions', action: 'create', id: p.id, label: p.name, after: p });
    return p;
  });
/** Renames custom permission `id`; resolves to it as stored ({ id, name }). */
export const updatePermission = (sql: Sql, who: Who, id: number, v: PermissionInput) =>
  sql.transaction(async (tx) => {
    const before = await customPermission(tx, id, 'renamed');
    const after = { id, name: customName(v) };
    if (!(await q.updatePermission(tx, id, after.name))) throw new NotFound('Permission');
    await recordActivity(tx, who, { resource: 'permissions', action: 'update', id, label: after.name, before, after });
    return after;
  });
/** Deletes custom permission `id`. */
export const deletePermission = (sql: Sql, who: Who, id: number) =>
  sql.transaction(async (tx) => {
    const before = await customPermission(tx, id, 'deleted');
    if (!(await q.deletePermission(tx, id))) throw new NotFound('Permission');
    await recordActivity(tx, who, { resource: 'permissions', action: 'delete', id, label: before.name, before });
  });
/** Deletes the selected custom permissions (one transaction: a built-in one among them refuses all); resolves to how many went. */
export const bulkDeletePermissions = (sql: Sql, who: Who, input: Record<string, string | undefined>) =>
  bulkAct(
    sql,
    q.PERMISSION_LIST,
    input,
    ALL,
    async (tx, ids) => {
      for (const id of ids) await customPermission(tx, id, 'deleted');
      return deleteFrom('permissions')(tx, ids);
    },
    { log: { who, resource: 'permissions' } },
  );
