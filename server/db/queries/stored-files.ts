import type { Sql } from '../sql.ts';

/** Rows of `stored_files` (migration 002): one stored image per key, bytes as a Buffer. */
export const putFile = (sql: Sql, key: string, bytes: Buffer) =>
  sql.run(
    `INSERT INTO stored_files (key, bytes, size, created_at) VALUES (?, ?, ?, ?)
           ON CONFLICT (key) DO UPDATE SET bytes = excluded.bytes, size = excluded.size, created_at = excluded.created_at`,
    [key, bytes, bytes.length, Date.now()],
  );

/** The stored bytes under `key`, or undefined when there is no such row. */
export async function getFile(sql: Sql, key: string): Promise<Buffer | undefined> {
  const row = await sql.get<{ bytes: Buffer | Uint8Array }>('SELECT bytes FROM stored_files WHERE key = ?', [key]);
  return row ? Buffer.from(row.bytes) : undefined;
}

/** True when a file is stored under `key`. */
export const hasFile = async (sql: Sql, key: string) => !!(await sql.get('SELECT 1 AS one FROM stored_files WHERE key = ?', [key]));

/** Deletes the rows of `keys` (missing ones are ignored), 500 keys per statement. */
export async function removeFiles(sql: Sql, keys: string[]): Promise<void> {
  for (let i = 0; i < keys.length; i += 500) {
    const chunk = keys.slice(i, i + 500);
    await sql.run(`DELETE FROM stored_files WHERE key IN (${chunk.map(() => '?').join(',')})`, chunk);
  }
}
