import type { Sql } from '../sql.ts';
import { paginate } from '../index.ts';

/** Permission rows (admin-area §3: id, name). */
export interface Permission { id: number; name: string }

export const listPermissions = (sql: Sql, page: number, perPage = 10) =>
  paginate<Permission>(sql, 'SELECT id, name FROM permissions ORDER BY id', 'SELECT COUNT(*) AS n FROM permissions', [], page, perPage);
export const allPermissions = (sql: Sql) => sql.all<Permission>('SELECT id, name FROM permissions ORDER BY id');
export const getPermission = (sql: Sql, id: number) => sql.get<Permission>('SELECT id, name FROM permissions WHERE id = ?', [id]);
export const createPermission = (sql: Sql, name: string) =>
  sql.get<Permission>('INSERT INTO permissions (name) VALUES (?) RETURNING id, name', [name]);
export const updatePermission = (sql: Sql, id: number, name: string) => sql.run('UPDATE permissions SET name = ? WHERE id = ?', [name, id]);
export const deletePermission = (sql: Sql, id: number) => sql.run('DELETE FROM permissions WHERE id = ?', [id]);
