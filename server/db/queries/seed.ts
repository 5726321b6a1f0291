import type { Sql } from '../sql.ts';

/** Seed-time writes (DESIGN.md §3): used only on an empty database, inside one transaction. */
/**
 * Inside the seed transaction on PostgreSQL: waits for any other process seeding the same
 * database (advisory lock, released at COMMIT). SQLite's BEGIN IMMEDIATE already serialises.
 */
export async function lockSeed(sql: Sql): Promise<void> {
  if (sql.engine === 'postgres') await sql.get('SELECT pg_advisory_xact_lock(61000002)');
}

/** How many users there are. */
export const countUsers = async (sql: Sql) => Number((await sql.get<{ n: number }>('SELECT COUNT(*) AS n FROM users'))?.n ?? 0);

/** Inserts a role; resolves to its new id. Call inside a transaction when it is one write among several. */
export const insertRole = async (sql: Sql, name: string) => (await sql.get<{ id: number }>('INSERT INTO roles (name) VALUES (?) RETURNING id', [name]))!.id;
