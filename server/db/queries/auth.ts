import type { Sql } from '../sql.ts';
import { dbNow } from '../clock.ts';
import { ABILITY_KEYS, abilityOfPermission, type AbilityKey } from '../../../src/common/abilities.ts';
import type { SignedInWith } from '../../../src/common/two-step.ts';

/** A signed-in user as the API sees it (DESIGN.md §3). */
export interface AuthUser {
  id: number;
  name: string;
  email: string;
  image: string;
  companyId: number | null;
  roles: { id: number; name: string }[];
  isAdmin: boolean;
  isCompany: boolean;
  /** Ability keys the user holds (src/common/abilities.ts): every one for admin, none for company. */
  abilities: Set<string>;
  /**
   * Role ids the user may give to users ("Role can access to", never company; never admin unless
   * admin). Read on first call and kept for the request: most calls never need it, and on
   * PostgreSQL every query at sign-in check is a round trip on every request.
   */
  assignable(): Promise<number[]>;
  /** False when the user belongs to an organiser whose status is not Active (1). */
  companyActive: boolean;
  /** True when one of the user's roles requires two-step sign-in and the user has not turned it on: only enrolment is open (http/middleware/auth.ts). */
  twoStepPending: boolean;
  /** The language the user chose in My account (users.language, a shipped locale), or null: the refusals' language (http/api-language.ts). */
  language: string | null;
  /** The API token this call came with (lib/auth/api-token-auth.ts); absent for a session's call. */
  apiToken?: { id: number; name: string; prefix: string };
}
interface UserRow {
  id: number;
  name: string;
  email: string;
  image: string;
  company_id: number | null;
  password_hash: string;
}

/** The sign-in user with this e-mail (case-insensitive), password hash included, or undefined. */
export const findUserByEmail = (sql: Sql, email: string) =>
  sql.get<UserRow>('SELECT id, name, email, image, company_id, password_hash FROM users WHERE lower(email) = lower(?)', [email]);

/**
 * Replaces a user's password hash with `next` (the same password, hashed anew at sign-in) only
 * while it is still `previous`: a password changed meanwhile is never overwritten. Sessions stay.
 */
export const upgradePasswordHash = (sql: Sql, userId: number, previous: string, next: string) =>
  sql.run('UPDATE users SET password_hash = ? WHERE id = ? AND password_hash = ?', [next, userId, previous]);

/**
 * 1 when a role of user `u.id` requires two-step sign-in and the user has no second factor
 * (a confirmed authenticator app or a passkey), else 0: a column of the user's query.
 */
const TWO_STEP_PENDING = `CASE WHEN EXISTS (SELECT 1 FROM user_roles xr JOIN roles xq ON xq.id = xr.role_id WHERE xr.user_id = u.id AND xq.require_two_step = 1)
  AND NOT EXISTS (SELECT 1 FROM two_step_totp xt WHERE xt.user_id = u.id AND xt.confirmed_at IS NOT NULL)
  AND NOT EXISTS (SELECT 1 FROM passkeys xp WHERE xp.user_id = u.id) THEN 1 ELSE 0 END AS two_step_pending`;

/** The user with its roles in id order (the first is "the" role), or undefined. */
export async function loadAuthUser(sql: Sql, userId: number): Promise<AuthUser | undefined> {
  const u = await sql.get<UserRow & { company_status: number | null; two_step_pending: number; language: string | null }>(
    `SELECT u.id, u.name, u.email, u.image, u.company_id, u.language, c.status AS company_status, ${TWO_STEP_PENDING} FROM users u
     LEFT JOIN companies c ON c.id = u.company_id WHERE u.id = ?`,
    [userId],
  );
  if (!u) return undefined;
  const roles = await sql.all<{ id: number; name: string }>(
    'SELECT r.id, r.name FROM roles r JOIN user_roles ur ON ur.role_id = r.id WHERE ur.user_id = ? ORDER BY r.id',
    [userId],
  );
  return completeAuthUser(sql, u, roles);
}

/**
 * The AuthUser of a user row and its roles: admin holds every ability and company none, so only
 * other roles cost an extra query (abilities); the assignable roles are read when first asked.
 */
async function completeAuthUser(
  sql: Sql,
  u: Omit<UserRow, 'password_hash'> & { company_status: number | null; two_step_pending: number; language: string | null },
  roles: { id: number; name: string }[],
): Promise<AuthUser> {
  const isAdmin = roles.some((r) => r.name === 'admin');
  const isCompany = roles.some((r) => r.name === 'company');
  let assignable: Promise<number[]> | undefined;
  return {
    id: u.id,
    name: u.name,
    email: u.email,
    image: u.image,
    companyId: u.company_id,
    roles,
    isAdmin,
    isCompany,
    abilities: isAdmin ? new Set(ABILITY_KEYS) : isCompany ? new Set() : await abilitiesOf(sql, u.id),
    assignable: () =>
      (assignable ??= isCompany
        ? Promise.resolve([])
        : assignableRoles(
            sql,
            isAdmin,
            roles.map((r) => r.id),
          )),
    companyActive: u.company_id === null || Number(u.company_status) === 1,
    twoStepPending: Number(u.two_step_pending) === 1,
    language: u.language ?? null,
  };
}

/** Admin: every role but company. Others: their roles' access lists, without company and admin. */
async function assignableRoles(sql: Sql, isAdmin: boolean, roleIds: number[]): Promise<number[]> {
  if (isAdmin) return (await sql.all<{ id: number }>("SELECT id FROM roles WHERE name <> 'company' ORDER BY id")).map((r) => r.id);
  if (!roleIds.length) return [];
  return (
    await sql.all<{ id: number }>(
      `SELECT DISTINCT r.id FROM role_access ra JOIN roles r ON r.id = ra.access_role_id
     WHERE ra.role_id IN (${roleIds.map(() => '?').join(',')}) AND r.name NOT IN ('company', 'admin') ORDER BY r.id`,
      roleIds,
    )
  ).map((r) => r.id);
}

/** The ability keys granted by the permissions of the user's roles; names outside the catalogue grant nothing. */
async function abilitiesOf(sql: Sql, userId: number): Promise<Set<string>> {
  const names = await sql.all<{ name: string }>(
    `SELECT DISTINCT p.name FROM permissions p JOIN role_permissions rp ON rp.permission_id = p.id
     JOIN user_roles ur ON ur.role_id = rp.role_id WHERE ur.user_id = ?`,
    [userId],
  );
  return new Set(names.map((n) => abilityOfPermission(n.name)).filter((k): k is AbilityKey => !!k));
}

/**
 * Stores a session token's SHA-256 `hash` for `userId`, valid for `ttlMs` from now by the
 * database's clock (db/clock.ts): `expires_at` is ms since 1970 on that clock, and tokenAuthUser
 * judges it by the same clock, so a step of this process's clock neither ends nor prolongs it.
 */
export const insertToken = (sql: Sql, userId: number, hash: string, ttlMs: number, signedInWith: SignedInWith = 'password') =>
  sql.run(`INSERT INTO tokens (user_id, token_hash, expires_at, created_at, signed_in_with) VALUES (?, ?, ${dbNow(sql)} + ?, ?, ?)`, [
    userId,
    hash,
    ttlMs,
    Date.now(),
    signedInWith,
  ]);

/** Revokes every live token of `userId` except the one hashed `keepHash` (the caller's own session, if any). */
export const revokeOtherTokens = (sql: Sql, userId: number, keepHash = '') =>
  sql.run('UPDATE tokens SET revoked_at = ? WHERE user_id = ? AND token_hash <> ? AND revoked_at IS NULL', [Date.now(), userId, keepHash]);

/**
 * The user of a live token (known, not revoked, not expired) with its roles, in one round trip:
 * every signed-in request runs this, and on PostgreSQL each extra query is network latency
 * under load. Same shape as loadAuthUser; undefined for no live token. Expiry is judged by the
 * database's clock (see insertToken).
 */
export async function tokenAuthUser(sql: Sql, hash: string): Promise<AuthUser | undefined> {
  const rows = await sql.all<
    Omit<UserRow, 'password_hash'> & {
      company_status: number | null;
      two_step_pending: number;
      language: string | null;
      role_id: number | null;
      role_name: string | null;
    }
  >(
    `SELECT u.id, u.name, u.email, u.image, u.company_id, u.language, c.status AS company_status, ${TWO_STEP_PENDING}, r.id AS role_id, r.name AS role_name
     FROM tokens t JOIN users u ON u.id = t.user_id LEFT JOIN companies c ON c.id = u.company_id
     LEFT JOIN user_roles ur ON ur.user_id = u.id LEFT JOIN roles r ON r.id = ur.role_id
     WHERE t.token_hash = ? AND t.revoked_at IS NULL AND t.expires_at > ${dbNow(sql)} ORDER BY r.id`,
    [hash],
  );
  if (!rows.length) return undefined;
  const roles = rows.filter((r) => r.role_id !== null).map((r) => ({ id: r.role_id!, name: r.role_name! }));
  return completeAuthUser(sql, rows[0], roles);
}

/** Marks the token with this hash revoked (sign-out); resolves to 1, or 0 when it was unknown or already revoked. */
export const revokeToken = (sql: Sql, hash: string) =>
  sql.run('UPDATE tokens SET revoked_at = ? WHERE token_hash = ? AND revoked_at IS NULL', [Date.now(), hash]);

/** Active admin menus attached to any of `roleIds` (admin-area §3 live_adminmenus), by id. */
export function liveMenus(sql: Sql, roleIds: number[]) {
  if (!roleIds.length) return Promise.resolve([]);
  return sql.all<{ id: number; title: string; url: string; status: number }>(
    `SELECT DISTINCT m.id, m.title, m.url, m.status FROM admin_menus m JOIN admin_menu_roles mr ON mr.menu_id = m.id
     WHERE m.status = 1 AND mr.role_id IN (${roleIds.map(() => '?').join(',')}) ORDER BY m.id`,
    roleIds,
  );
}
