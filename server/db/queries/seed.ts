import type { Sql } from '../sql.ts';

/** Seed-time writes (DESIGN.md §3): used only on an empty database, inside one transaction. */
/**
 * Inside the seed transaction on PostgreSQL: waits for any other process seeding the same
 * database (advisory lock, released at COMMIT). SQLite's BEGIN IMMEDIATE already serialises.
 */
export async function lockSeed(sql: Sql): Promise<void> {
  if (sql.engine === 'postgres') await sql.get('SELECT pg_advisory_xact_lock(61000002)');
}

export const countUsers = async (sql: Sql) => Number((await sql.get<{ n: number }>('SELECT COUNT(*) AS n FROM users'))?.n ?? 0);

export const insertRole = async (sql: Sql, name: string) =>
  (await sql.get<{ id: number }>('INSERT INTO roles (name) VALUES (?) RETURNING id', [name]))!.id;

export async function insertUser(sql: Sql, u: { name: string; email: string; passwordHash: string; roleId: number; companyId?: number | null }) {
  const { id } = (await sql.get<{ id: number }>(
    'INSERT INTO users (name, email, password_hash, company_id, created_at) VALUES (?, ?, ?, ?, ?) RETURNING id',
    [u.name, u.email, u.passwordHash, u.companyId ?? null, Date.now()]))!;
  await sql.run('INSERT INTO user_roles (user_id, role_id) VALUES (?, ?)', [id, u.roleId]);
  return id;
}

export async function insertMenu(sql: Sql, m: { title: string; url: string; status: number; roleIds: number[] }) {
  const { id } = (await sql.get<{ id: number }>('INSERT INTO admin_menus (title, url, status) VALUES (?, ?, ?) RETURNING id', [m.title, m.url, m.status]))!;
  for (const r of m.roleIds) await sql.run('INSERT INTO admin_menu_roles (menu_id, role_id) VALUES (?, ?)', [id, r]);
  return id;
}

export const insertPermission = async (sql: Sql, name: string) =>
  (await sql.get<{ id: number }>('INSERT INTO permissions (name) VALUES (?) RETURNING id', [name]))!.id;
