import type { Sql } from '../sql.ts';

/** A signed-in user as the API sees it (DESIGN.md §3). */
export interface AuthUser {
  id: number; name: string; email: string; image: string;
  companyId: number | null;
  roles: { id: number; name: string }[];
  isAdmin: boolean; isCompany: boolean;
}
interface UserRow { id: number; name: string; email: string; image: string; company_id: number | null; password_hash: string }

export const findUserByEmail = (sql: Sql, email: string) =>
  sql.get<UserRow>('SELECT id, name, email, image, company_id, password_hash FROM users WHERE lower(email) = lower(?)', [email]);

/** The user with its roles in id order (the first is "the" role), or undefined. */
export async function loadAuthUser(sql: Sql, userId: number): Promise<AuthUser | undefined> {
  const u = await sql.get<UserRow>('SELECT id, name, email, image, company_id, password_hash FROM users WHERE id = ?', [userId]);
  if (!u) return undefined;
  const roles = await sql.all<{ id: number; name: string }>(
    'SELECT r.id, r.name FROM roles r JOIN user_roles ur ON ur.role_id = r.id WHERE ur.user_id = ? ORDER BY r.id', [userId]);
  return {
    id: u.id, name: u.name, email: u.email, image: u.image, companyId: u.company_id, roles,
    isAdmin: roles.some((r) => r.name === 'admin'),
    isCompany: roles.some((r) => r.name === 'company'),
  };
}

/**
 * The user of a live token (known, not revoked, not expired) with its roles, in one round trip:
 * every signed-in request runs this, and on PostgreSQL each extra query is network latency
 * under load. Same shape as loadAuthUser; undefined for no live token.
 */
export async function tokenAuthUser(sql: Sql, hash: string, now = Date.now()): Promise<AuthUser | undefined> {
  const rows = await sql.all<Omit<UserRow, 'password_hash'> & { role_id: number | null; role_name: string | null }>(
    `SELECT u.id, u.name, u.email, u.image, u.company_id, r.id AS role_id, r.name AS role_name
     FROM tokens t JOIN users u ON u.id = t.user_id
     LEFT JOIN user_roles ur ON ur.user_id = u.id LEFT JOIN roles r ON r.id = ur.role_id
     WHERE t.token_hash = ? AND t.revoked_at IS NULL AND t.expires_at > ? ORDER BY r.id`, [hash, now]);
  if (!rows.length) return undefined;
  const u = rows[0];
  const roles = rows.filter((r) => r.role_id !== null).map((r) => ({ id: r.role_id!, name: r.role_name! }));
  return {
    id: u.id, name: u.name, email: u.email, image: u.image, companyId: u.company_id, roles,
    isAdmin: roles.some((r) => r.name === 'admin'),
    isCompany: roles.some((r) => r.name === 'company'),
  };
}

export const insertToken = (sql: Sql, userId: number, hash: string, expiresAt: number) =>
  sql.run('INSERT INTO tokens (user_id, token_hash, expires_at, created_at) VALUES (?, ?, ?, ?)', [userId, hash, expiresAt, Date.now()]);

export const revokeToken = (sql: Sql, hash: string) =>
  sql.run('UPDATE tokens SET revoked_at = ? WHERE token_hash = ? AND revoked_at IS NULL', [Date.now(), hash]);

/** Failed sign-ins for `key` (e-mail|address) since `since` (ms). */
export async function countFailures(sql: Sql, key: string, since: number): Promise<number> {
  const row = await sql.get<{ n: number }>('SELECT COUNT(*) AS n FROM login_failures WHERE key = ? AND at > ?', [key, since]);
  return Number(row?.n ?? 0);
}
export async function recordFailure(sql: Sql, key: string, now = Date.now()): Promise<void> {
  await sql.run('DELETE FROM login_failures WHERE at < ?', [now - 3600_000]);
  await sql.run('INSERT INTO login_failures (key, at) VALUES (?, ?)', [key, now]);
}
export const clearFailures = (sql: Sql, key: string) => sql.run('DELETE FROM login_failures WHERE key = ?', [key]);

/** Active admin menus attached to any of `roleIds` (admin-area §3 live_adminmenus), by id. */
export function liveMenus(sql: Sql, roleIds: number[]) {
  if (!roleIds.length) return Promise.resolve([]);
  return sql.all<{ id: number; title: string; url: string; status: number }>(
    `SELECT DISTINCT m.id, m.title, m.url, m.status FROM admin_menus m JOIN admin_menu_roles mr ON mr.menu_id = m.id
     WHERE m.status = 1 AND mr.role_id IN (${roleIds.map(() => '?').join(',')}) ORDER BY m.id`, roleIds);
}
