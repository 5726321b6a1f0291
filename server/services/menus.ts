import type { Sql } from '../db/sql.ts';
import { found, Invalid, NotFound } from '../runtime/domain-errors.ts';
import type { AuthUser } from '../db/queries/auth.ts';
import type { MenuInput } from '../../src/common/contract/schemas.ts';
import { parseIdList } from '../../src/common/contract/rules.ts';
import * as q from '../db/queries/menus.ts';
import { unknownRoleIds } from '../db/queries/roles.ts';
import { ALL, type ListQuery } from '../db/list-query.ts';
import { assertMenuGrant } from '../lib/auth/grants.ts';
import { bulkAct, deleteFrom } from './list-bulk.ts';
import { createRecorded, recordActivity, type Who } from '../lib/activity/record.ts';
import { readRecord } from '../lib/activity/activity-records.ts';

/**
 * Admin menus (admin-area §3 Menus; DESIGN.md §3): what each call does. Input arrives checked
 * against the contract (MenuInput); here the roles must exist (422 "The selected roles is
 * invalid.") and the caller may give only what it holds (lib/auth/grants.ts, 403). 404 "Menu not found.".
 * Each write records its activity row (`who`, resource `menus`: the menu with its roles' names) in its own transaction.
 */
export const MENU_LIST = q.MENU_LIST;

/** The form as stored: title and url trimmed, status 2 (placeholder) when not chosen, known role ids. */
async function menuOf(sql: Sql, v: MenuInput): Promise<q.MenuRecord> {
  const roleIds = parseIdList(v.roles || '[]')!;
  if ((await unknownRoleIds(sql, roleIds)).length) throw new Invalid({ roles: ['The selected roles is invalid.'] });
  return { title: v.title.trim(), url: (v.url ?? '').trim(), status: Number(v.status === undefined || v.status === '' ? 2 : v.status), roleIds };
}

/** One page of the Menus list matching `lq`. */
export const listMenus = (sql: Sql, page: number, lq: ListQuery) => q.listMenus(sql, page, lq);
/** Menu `id` with its roles; 404 when there is none. */
export const getMenu = (sql: Sql, id: number) => found(q.getMenu(sql, id), 'Menu');
/** Adds a menu; resolves to it. */
export async function createMenu(sql: Sql, caller: AuthUser, who: Who, v: MenuInput) {
  const menu = await menuOf(sql, v);
  await assertMenuGrant(sql, caller, undefined, menu);
  const id = await createRecorded(sql, who, 'admin_menus', { resource: 'menus', label: menu.title }, (tx) => q.createMenu(tx, menu));
  return getMenu(sql, id);
}
/** Changes menu `id`; resolves to it. */
export async function updateMenu(sql: Sql, caller: AuthUser, who: Who, id: number, v: MenuInput) {
  const current = await getMenu(sql, id);
  const menu = await menuOf(sql, v);
  await assertMenuGrant(sql, caller, current, menu);
  await sql.transaction(async (tx) => {
    const before = await readRecord(tx, 'admin_menus', id, { lock: true });
    if (!before || !(await q.updateMenu(tx, id, menu))) throw new NotFound('Menu');
    await recordActivity(tx, who, { resource: 'menus', action: 'update', id, label: menu.title, before, after: await readRecord(tx, 'admin_menus', id) });
  });
  return getMenu(sql, id);
}
/** Deletes menu `id` (the caller may not take a menu from its own role). */
export async function deleteMenu(sql: Sql, caller: AuthUser, who: Who, id: number) {
  const current = await getMenu(sql, id);
  await assertMenuGrant(sql, caller, current, null);
  await sql.transaction(async (tx) => {
    const before = await readRecord(tx, 'admin_menus', id);
    if (!before || !(await q.deleteMenu(tx, current.id))) throw new NotFound('Menu');
    await recordActivity(tx, who, { resource: 'menus', action: 'delete', id, label: current.title, before });
  });
}
/** Deletes the selected menus (one transaction); resolves to how many went. */
export const bulkDeleteMenus = (sql: Sql, who: Who, input: Record<string, string | undefined>) =>
  bulkAct(sql, q.MENU_LIST, input, ALL, deleteFrom('admin_menus'), { log: { who, resource: 'menus' } });
