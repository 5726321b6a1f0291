import type { Sql } from '../sql.ts';
import { ALL, type ListQuery, type ListSpec } from '../list-query.ts';
import { listPage } from '../list-page.ts';

/** Permission rows (admin-area §3: id, name). */
export type { Permission } from '../../../src/common/contract/schemas.ts';
import type { Permission } from '../../../src/common/contract/schemas.ts';

/** The Permissions list (admin-area §3): search and sort by name. */
export const PERMISSION_LIST: ListSpec = {
  from: 'permissions',
  idCol: 'id',
  columns: 'id, name',
  search: ['name'],
  sort: { id: 'id', name: 'lower(name)' },
  defaultOrder: 'id',
  csv: [
    ['id', 'id'],
    ['name', 'name'],
  ],
};
/** One page of permissions matching `lq` (a Paginator: `perPage` rows, pages from 1). */
export const listPermissions = (sql: Sql, page: number, lq: ListQuery, perPage = 10) => listPage<Permission>(sql, PERMISSION_LIST, lq, ALL, page, perPage);
/** Every permission row, by id. */
export const allPermissions = (sql: Sql) => sql.all<Permission>('SELECT id, name FROM permissions ORDER BY id');
/** The permission asked for, or undefined when there is none. */
export const getPermission = (sql: Sql, id: number) => sql.get<Permission>('SELECT id, name FROM permissions WHERE id = ?', [id]);
/** Inserts a permission; resolves to the stored row { id, name }. */
export const createPermission = (sql: Sql, name: string) => sql.get<Permission>('INSERT INTO permissions (name) VALUES (?) RETURNING id, name', [name]);
/** Updates the permission; resolves to the number of rows changed (0: no such row). */
export const updatePermission = (sql: Sql, id: number, name: string) => sql.run('UPDATE permissions SET name = ? WHERE id = ?', [name, id]);
/** Deletes the permission; resolves to the number of rows removed (0: none). */
export const deletePermission = (sql: Sql, id: number) => sql.run('DELETE FROM permissions WHERE id = ?', [id]);

/** The names of the permissions with these ids (unknown ids are left out). */
export const permissionNames = async (sql: Sql, ids: number[]): Promise<string[]> =>
  ids.length ? (await sql.all<{ name: string }>(`SELECT name FROM permissions WHERE id IN (${ids.map(() => '?').join(',')})`, ids)).map((r) => r.name) : [];
