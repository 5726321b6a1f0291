import type { Sql } from '../sql.ts';
import { enqueueInvite } from './outbox.ts';
import { DbRefusal } from '../errors.ts';
import type { Paginator } from '../index.ts';
import type { ListFilter, ListQuery, ListSpec, Scope } from '../list-query.ts';
import { listPage } from '../list-page.ts';
import { updateReturningBefore } from '../update-row.ts';
import { nextTurn } from '../../runtime/next-turn.ts';
import type { USER_LIST_FILTERS, UserListSort } from '../../../src/common/contract/rules.ts';

/**
 * A user as the Users screen reads it (admin-area §3): `role` is the first role's id (0 when
 * none) and `roles` the roles in id order; the first one is "the" role. Never the password.
 */
/** A user as lists and user/{id} answer it (the wire contract's User); `invited`: no password yet, its invitation not followed. */
export type UserItem = User;
import type { User, UserTwoStep } from '../../../src/common/contract/schemas.ts';

const marks = (ids: unknown[]) => ids.map(() => '?').join(',');
// The first role of a user is its lowest role id (as loadAuthUser orders them).
const FIRST_ROLE = '(SELECT MIN(ur.role_id) FROM user_roles ur WHERE ur.user_id = u.id)';

// The whole table's total, kept by triggers (migration 010): one row instead of COUNT(*).
const ALL_USERS = "SELECT COALESCE((SELECT n FROM row_counts WHERE name = 'users'), 0) AS n";

/** `scope`: the role ids whose users may be listed ("Role can access to"), or 'all' for admin. */
export type UserScope = number[] | 'all';
/** The list scope of `scope` (users whose first role is listed). */
export const scopeOf = (scope: UserScope): Scope =>
  scope === 'all'
    ? { where: '', params: [], count: ALL_USERS }
    : scope.length
      ? { where: `${FIRST_ROLE} IN (${marks(scope)})`, params: scope }
      : { where: '1 = 0', params: [] };

// A confirmed authenticator app or a passkey (docs/security.md "Two-step sign-in").
const HAS_SECOND_FACTOR =
  '(EXISTS (SELECT 1 FROM two_step_totp t WHERE t.user_id = u.id AND t.confirmed_at IS NOT NULL) OR EXISTS (SELECT 1 FROM passkeys p WHERE p.user_id = u.id))';

// Exactly the sortable columns and filters of the wire contract (the type check holds them equal).
const USER_SORT_SQL: Record<UserListSort, string> = {
  id: 'u.id',
  name: 'lower(u.name)',
  email: 'lower(u.email)',
  role: FIRST_ROLE,
  created_at: 'u.created_at',
};
const USER_FILTER_SQL: Record<(typeof USER_LIST_FILTERS)[number], ListFilter> = {
  role: { values: 'id', where: `${FIRST_ROLE} = ?` },
  import_job: { values: 'id', where: 'u.import_job_id = ?' },
  two_step: { values: ['on', 'off'], where: (v) => [`${v === 'on' ? '' : 'NOT '}${HAS_SECOND_FACTOR}`, []] },
};

/** The Users list (admin-area §3): search name/e-mail, sort, filter by (first) role or by the import that added them; never a password or token. */
export const USER_LIST: ListSpec = {
  from: 'users u',
  idCol: 'u.id',
  columns: "u.id, u.name, u.email, u.image, CASE WHEN u.password_hash = '' THEN 1 ELSE 0 END AS invited",
  search: ['u.name', 'u.email'],
  fts: 'users_fts',
  sort: USER_SORT_SQL,
  defaultOrder: 'u.id',
  filters: USER_FILTER_SQL,
  seek: ['name', 'email', 'created_at'],
  buckets: 'users',
  csv: [
    ['id', 'u.id'],
    ['name', 'u.name'],
    ['email', 'u.email'],
    ['role', `(SELECT r.name FROM roles r WHERE r.id = ${FIRST_ROLE})`],
  ],
};

/**
 * Each listed user's roles as a JSON array of {id, name} in id order, read with the page (one
 * round trip for page, total and roles). PostgreSQL answers parsed JSON, SQLite text.
 */
const ROLES_JSON = {
  sqlite: `(SELECT json_group_array(json_object('id', x.id, 'name', x.name)) FROM (SELECT r.id, r.name FROM user_roles ur JOIN roles r ON r.id = ur.role_id WHERE ur.user_id = u.id ORDER BY ur.role_id) x) AS roles_json`,
  postgres: `(SELECT COALESCE(json_agg(json_build_object('id', r.id, 'name', r.name) ORDER BY r.id), '[]'::json) FROM user_roles ur JOIN roles r ON r.id = ur.role_id WHERE ur.user_id = u.id) AS roles_json`,
} as const;
/**
 * Each user's two-step sign-in as columns (the wire contract's UserTwoStep): `two_step_app` 1 with
 * a confirmed authenticator app, `two_step_passkeys` how many passkeys, `two_step_locked` 1 while
 * the codes are locked. Every write of these records its activity under `users`, which the list reads.
 */
const TWO_STEP_COLUMNS = `CASE WHEN EXISTS (SELECT 1 FROM two_step_totp t WHERE t.user_id = u.id AND t.confirmed_at IS NOT NULL) THEN 1 ELSE 0 END AS two_step_app,
  (SELECT COUNT(*) FROM passkeys p WHERE p.user_id = u.id) AS two_step_passkeys,
  CASE WHEN EXISTS (SELECT 1 FROM two_step_guard g WHERE g.user_id = u.id AND g.locked_at IS NOT NULL) THEN 1 ELSE 0 END AS two_step_locked`;
/** The columns of TWO_STEP_COLUMNS as read. */
interface TwoStepCols {
  two_step_app: number;
  two_step_passkeys: number | string;
  two_step_locked: number;
}
const twoStepOf = (r: TwoStepCols): UserTwoStep => ({
  app: Number(r.two_step_app) === 1,
  passkeys: Number(r.two_step_passkeys),
  locked: Number(r.two_step_locked) === 1,
});
const USER_PAGE = {
  sqlite: { ...USER_LIST, columns: `${USER_LIST.columns}, ${ROLES_JSON.sqlite}, ${TWO_STEP_COLUMNS}` },
  postgres: { ...USER_LIST, columns: `${USER_LIST.columns}, ${ROLES_JSON.postgres}, ${TWO_STEP_COLUMNS}` },
};

/** One page of the users `scope` lets the caller see, with their roles, matching `lq` (a Paginator: `perPage` rows, pages from 1). */
export async function listUsers(sql: Sql, scope: UserScope, page: number, lq: ListQuery, perPage = 10): Promise<Paginator<UserItem>> {
  const p = await listPage<Omit<UserItem, 'role' | 'roles' | 'two_step'> & TwoStepCols & { roles_json: string | { id: number; name: string }[] }>(
    sql,
    USER_PAGE[sql.engine],
    lq,
    scopeOf(scope),
    page,
    perPage,
  );
  // Built field by field (no rest/spread per row): this map was a fifth of the list's CPU in a profile.
  const data: UserItem[] = new Array(p.data.length);
  for (let i = 0; i < p.data.length; i++) {
    const u = p.data[i];
    const roles = (typeof u.roles_json === 'string' ? JSON.parse(u.roles_json) : u.roles_json) as { id: number; name: string }[];
    data[i] = {
      id: u.id,
      name: u.name,
      email: u.email,
      image: u.image,
      invited: Number(u.invited) === 1,
      role: roles.length ? roles[0].id : 0,
      roles,
      two_step: twoStepOf(u),
    };
  }
  return { ...p, data };
}

/** The user with this id, its roles, two-step sign-in and organiser (company_id), or undefined. */
export async function getUser(sql: Sql, id: number): Promise<(UserItem & { company_id: number | null }) | undefined> {
  const row = await sql.get<
    Omit<UserItem, 'role' | 'roles' | 'two_step'> & TwoStepCols & { company_id: number | null; roles_json: string | { id: number; name: string }[] }
  >(
    `SELECT u.id, u.name, u.email, u.image, u.company_id, CASE WHEN u.password_hash = '' THEN 1 ELSE 0 END AS invited, ${ROLES_JSON[sql.engine]}, ${TWO_STEP_COLUMNS} FROM users u WHERE u.id = ?`,
    [id],
  );
  if (!row) return undefined;
  const roles = (typeof row.roles_json === 'string' ? JSON.parse(row.roles_json) : row.roles_json) as { id: number; name: string }[];
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    image: row.image,
    company_id: row.company_id,
    invited: Number(row.invited) === 1,
    role: roles.length ? roles[0].id : 0,
    roles,
    two_step: twoStepOf(row),
  };
}

/**
 * Changes user `id`'s name and e-mail inside the caller's transaction `tx`, when `roleId` is its
 * one role; resolves to the row before the change (every column) with `role_name` (the role's
 * name), or undefined (nothing changed) when there is no such user or it holds another role or
 * more than one, or its version is not `version.expected` (db/update-row.ts: one statement on
 * PostgreSQL, which also moves the version). An e-mail another user signs in
 * with (case-insensitive) throws DbError 'unique' on `email` (the index users_email).
 */
export const renameKeepingRole = (tx: Sql, id: number, roleId: number, name: string, email: string, version: { expected?: number }) =>
  updateReturningBefore<Record<string, unknown> & { role_name: string; version: number }>(
    tx,
    'users',
    id,
    { name, email },
    {
      where:
        'EXISTS (SELECT 1 FROM user_roles ur WHERE ur.user_id = users.id AND ur.role_id = ?) AND NOT EXISTS (SELECT 1 FROM user_roles ur WHERE ur.user_id = users.id AND ur.role_id <> ?)',
      whereParams: [roleId, roleId],
      also: '(SELECT r.name FROM roles r WHERE r.id = ?) AS role_name',
      alsoParams: [roleId],
      version,
    },
  );

/** True when another user (not `exceptId`) already signs in with `email` (case-insensitive). */
export async function emailTaken(sql: Sql, email: string, exceptId = 0): Promise<boolean> {
  return !!(await sql.get('SELECT id FROM users WHERE lower(email) = lower(?) AND id <> ?', [email, exceptId]));
}

/** Of `emails`, those already stored (lower-case), for the import's duplicate check. */
export async function storedEmails(sql: Sql, emails: string[]): Promise<Set<string>> {
  const out = new Set<string>();
  // Chunks keep the parameter count under every engine's limit.
  for (let i = 0; i < emails.length; i += 500) {
    const chunk = emails.slice(i, i + 500).map((e) => e.toLowerCase());
    const rows = await sql.all<{ e: string }>(`SELECT lower(email) AS e FROM users WHERE lower(email) IN (${marks(chunk)})`, chunk);
    for (const r of rows) out.add(r.e);
    await nextTurn(); // each SQLite query is synchronous: 100 chunks must not run as one block
  }
  return out;
}

/**
 * A user to insert: password already hashed ('' for an invited user, who chooses one through its
 * invitation), one role, optionally an organiser, or the import job bringing it in.
 */
export interface NewUser {
  name: string;
  email: string;
  passwordHash: string;
  roleId: number;
  companyId?: number | null;
  importJobId?: number | null;
}

/**
 * Inserts a user and its one role; call inside a transaction. Returns the id. A user without a
 * password (`passwordHash` '') gets its invitation e-mail queued in the same transaction (the
 * outbox row carries no link; the sender makes one when it writes the e-mail).
 */
export async function insertUser(tx: Sql, u: NewUser): Promise<number> {
  const { id } = (await tx.get<{ id: number }>(
    'INSERT INTO users (name, email, password_hash, company_id, import_job_id, created_at) VALUES (?, ?, ?, ?, ?, ?) RETURNING id',
    [u.name, u.email, u.passwordHash, u.companyId ?? null, u.importJobId ?? null, Date.now()],
  ))!;
  await tx.run('INSERT INTO user_roles (user_id, role_id) VALUES (?, ?)', [id, u.roleId]);
  if (u.passwordHash === '') await enqueueInvite(tx, { id, name: u.name, email: u.email });
  return id;
}

/** Inserts a user and its role in its own transaction; resolves to the new id. */
export const createUser = (sql: Sql, u: NewUser) => sql.transaction((tx) => insertUser(tx, u));

/**
 * Inside a transaction that changed users or roles: refuses (DbRefusal 'forbidden' `message`, answered 403, rolling the
 * transaction back) when no user holds role admin any more. On PostgreSQL an advisory lock makes
 * two parallel demotions of the last two admins see each other (SQLite transactions are serial).
 */
async function keepAnAdmin(tx: Sql, message: string) {
  if (tx.engine === 'postgres') await tx.get('SELECT pg_advisory_xact_lock(61000003)');
  const row = await tx.get<{ n: number }>("SELECT COUNT(*) AS n FROM user_roles ur JOIN roles r ON r.id = ur.role_id WHERE r.name = 'admin'");
  if (Number(row?.n ?? 0) === 0) throw new DbRefusal('forbidden', message);
}

/**
 * Updates name, e-mail, the role (replacing all roles; left alone with `keepRole`, when the caller
 * knows it is the user's one role) and, when given, the password hash; a new password revokes
 * every token of the user but `keepToken` (the hash of the caller's own, when it edits itself).
 * Refuses to demote the last admin (403).
 */
export const updateUser = (
  sql: Sql,
  id: number,
  u: { name: string; email: string; roleId: number; passwordHash?: string; keepToken?: string; keepRole?: boolean },
) =>
  sql.transaction(async (tx) => {
    // Only a role change can leave no administrator: it alone takes the lock the admin count needs.
    if (!u.keepRole && tx.engine === 'postgres') await tx.get('SELECT pg_advisory_xact_lock(61000003)');
    if (u.passwordHash) {
      await tx.run('UPDATE users SET name = ?, email = ?, password_hash = ? WHERE id = ?', [u.name, u.email, u.passwordHash, id]);
      await tx.run('UPDATE tokens SET revoked_at = ? WHERE user_id = ? AND token_hash <> ? AND revoked_at IS NULL', [Date.now(), id, u.keepToken ?? '']);
    } else await tx.run('UPDATE users SET name = ?, email = ? WHERE id = ?', [u.name, u.email, id]);
    if (u.keepRole) return;
    await tx.run('DELETE FROM user_roles WHERE user_id = ?', [id]);
    await tx.run('INSERT INTO user_roles (user_id, role_id) VALUES (?, ?)', [id, u.roleId]);
    await keepAnAdmin(tx, 'The last administrator cannot be demoted.');
  });

/**
 * Deletes the users `ids` inside the caller's transaction `tx` (a bulk delete); refuses, rolling
 * it all back, when that would leave no admin (403). Resolves to the number of rows removed.
 */
export async function deleteUsers(tx: Sql, ids: number[]): Promise<number> {
  if (tx.engine === 'postgres') await tx.get('SELECT pg_advisory_xact_lock(61000003)');
  const n = await tx.run(`DELETE FROM users WHERE id IN (${ids.map(() => '?').join(',')})`, ids);
  await keepAnAdmin(tx, 'The last administrator cannot be deleted.');
  return n;
}

/** Deletes a user; refuses to delete the last admin (403). */
export const deleteUser = (sql: Sql, id: number) =>
  sql.transaction(async (tx) => {
    if (tx.engine === 'postgres') await tx.get('SELECT pg_advisory_xact_lock(61000003)');
    const n = await tx.run('DELETE FROM users WHERE id = ?', [id]);
    await keepAnAdmin(tx, 'The last administrator cannot be deleted.');
    return n;
  });
