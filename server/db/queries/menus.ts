import type { Sql } from '../sql.ts';
import { ALL, type ListQuery, type ListSpec } from '../list-query.ts';
import { listPage } from '../list-page.ts';

/** An admin menu item (admin-area §3): status 0 inactive, 1 active, 2 placeholder; roles attached. */
export type { Menu } from '../../../src/common/contract/schemas.ts';
import type { Menu } from '../../../src/common/contract/schemas.ts';
type Row = Omit<Menu, 'roles'>;

const marks = (ids: number[]) => ids.map(() => '?').join(',');

async function withRoles(sql: Sql, rows: Row[]): Promise<Menu[]> {
  if (!rows.length) return [];
  const ids = rows.map((r) => r.id);
  const links = await sql.all<{ menu_id: number; id: number; name: string }>(
    `SELECT mr.menu_id, r.id, r.name FROM admin_menu_roles mr JOIN roles r ON r.id = mr.role_id WHERE mr.menu_id IN (${marks(ids)}) ORDER BY r.id`,
    ids,
  );
  return rows.map((m) => ({ ...m, roles: links.filter((l) => l.menu_id === m.id).map(({ id, name }) => ({ id, name })) }));
}

/** The Menus list (admin-area §3): search title, sort, filter by status (1 active, 0 inactive). */
export const MENU_LIST: ListSpec = {
  from: 'admin_menus',
  idCol: 'id',
  columns: 'id, title, url, status',
  search: ['title'],
  sort: { id: 'id', title: 'lower(title)', url: 'lower(url)', status: 'status' },
  defaultOrder: 'id',
  filters: { status: { values: ['1', '0'], where: 'status = ?', param: Number } },
  csv: [
    ['id', 'id'],
    ['title', 'title'],
    ['url', 'url'],
    ['status', 'status'],
  ],
};
/** One page of menus matching `lq` (a Paginator: `perPage` rows, pages from 1). */
export async function listMenus(sql: Sql, page: number, lq: ListQuery, perPage = 10) {
  const p = await listPage<Row>(sql, MENU_LIST, lq, ALL, page, perPage);
  return { ...p, data: await withRoles(sql, p.data) };
}
/** The menu asked for, or undefined when there is none. */
export const getMenu = async (sql: Sql, id: number) =>
  (await withRoles(sql, await sql.all<Row>('SELECT id, title, url, status FROM admin_menus WHERE id = ?', [id])))[0];

/** A menu as written: title, url, status (1 active, 0 inactive) and the roles that see it. */
export interface MenuRecord {
  title: string;
  url: string;
  status: number;
  roleIds: number[];
}

async function setRoles(tx: Sql, id: number, roleIds: number[]) {
  await tx.run('DELETE FROM admin_menu_roles WHERE menu_id = ?', [id]);
  await tx.runMany(
    'INSERT INTO admin_menu_roles (menu_id, role_id) VALUES (?, ?)',
    roleIds.map((r) => [id, r]),
  );
}

/** Inserts a menu and its roles in one transaction; resolves to its new id. */
export const createMenu = (sql: Sql, m: MenuRecord) =>
  sql.transaction(async (tx) => {
    const { id } = (await tx.get<{ id: number }>('INSERT INTO admin_menus (title, url, status) VALUES (?, ?, ?) RETURNING id', [m.title, m.url, m.status]))!;
    await setRoles(tx, id, m.roleIds);
    return id;
  });
/** Updates a menu and replaces its roles in one transaction; resolves to false when there is no such menu. */
export const updateMenu = (sql: Sql, id: number, m: MenuRecord) =>
  sql.transaction(async (tx) => {
    if (!(await tx.run('UPDATE admin_menus SET title = ?, url = ?, status = ? WHERE id = ?', [m.title, m.url, m.status, id]))) return false;
    await setRoles(tx, id, m.roleIds);
    return true;
  });
/** Deletes the menu; resolves to the number of rows removed (0: none). */
export const deleteMenu = (sql: Sql, id: number) => sql.run('DELETE FROM admin_menus WHERE id = ?', [id]);
