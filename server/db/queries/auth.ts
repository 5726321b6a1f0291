import type { Sql } from '../sql.ts';

/** A signed-in user as the API sees it (DESIGN.md §3). */
export interface AuthUser {
  id: number; name: string; email: string; image: string;
  companyId: number | null;
  roles: { id: number; name: string }[];
  isAdmin: boolean; isCompany: boolean;
}
interface UserRow { id: number; name: string; email: string; image: string; company_id: number | null; password_hash: string }

/** The sign-in user with this e-mail (case-insensitive), password hash included, or undefined. */
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

/** Stores a session token's SHA-256 `hash` for `userId`, valid until `expiresAt` (ms since 1970). */
export const insertToken = (sql: Sql, userId: number, hash: string, expiresAt: number) =>
  sql.run('INSERT INTO tokens (user_id, token_hash, expires_at, created_at) VALUES (?, ?, ?, ?)', [userId, hash, expiresAt, Date.now()]);

/** The user id of a live token: known, not revoked, not expired. */
export async function tokenUser(sql: Sql, hash: string, now = Date.now()): Promise<number | undefined> {
  const row = await sql.get<{ user_id: number }>(
    'SELECT user_id FROM tokens WHERE token_hash = ? AND revoked_at IS NULL AND expires_at > ?', [hash, now]);
  return row?.user_id;
}

/** Marks the token with this hash revoked (sign-out); resolves to 1, or 0 when it was unknown or already revoked. */
export const revokeToken = (sql: Sql, hash: string) =>
  sql.run('UPDATE tokens SET revoked_at = ? WHERE token_hash = ? AND revoked_at IS NULL', [Date.now(), hash]);

/** Failed sign-ins for `key` (e-mail|address) since `since` (ms). */
export async function countFailures(sql: Sql, key: string, since: number): Promise<number> {
  const row = await sql.get<{ n: number }>('SELECT COUNT(*) AS n FROM login_failures WHERE key = ? AND at > ?', [key, since]);
  return Number(row?.n ?? 0);
}
/** Records one failed sign-in for `key` (e-mail|address) at `now` (ms), for the throttle. */
export async function recordFailure(sql: Sql, key: string, now = Date.now()): Promise<void> {
  await sql.run('DELETE FROM login_failures WHERE at < ?', [now - 3600_000]);
  await sql.run('INSERT INTO login_failures (key, at) VALUES (?, ?)', [key, now]);
}
/** Forgets the failed sign-ins of `key` (after a good one). */
export const clearFailures = (sql: Sql, key: string) => sql.run('DELETE FROM login_failures WHERE key = ?', [key]);

/** Active admin menus attached to any of `roleIds` (admin-area §3 live_adminmenus), by id. */
export function liveMenus(sql: Sql, roleIds: number[]) {
  if (!roleIds.length) return Promise.resolve([]);
  return sql.all<{ id: number; title: string; url: string; status: number }>(
    `SELECT DISTINCT m.id, m.title, m.url, m.status FROM admin_menus m JOIN admin_menu_roles mr ON mr.menu_id = m.id
     WHERE m.status = 1 AND mr.role_id IN (${roleIds.map(() => '?').join(',')}) ORDER BY m.id`, roleIds);
}
