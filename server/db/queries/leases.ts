import type { Sql } from '../sql.ts';
import { dbNow } from '../clock.ts';

/**
 * The edit leases' SQL (table record_leases, migration 045; docs/live.md "Who is editing").
 * Expiry is judged on the database's clock (db/clock.ts), so every API process agrees on it.
 */

/** A live lease as stored: who holds it (user id and name), its form's token, since when and until when (ms). */
export interface LeaseRow {
  token: string;
  user_id: number;
  user_name: string;
  since: number;
  expires_at: number;
}

const fromDb = (r: Record<string, unknown>): LeaseRow => ({
  token: String(r.token),
  user_id: Number(r.user_id),
  user_name: String(r.user_name),
  since: Number(r.since),
  expires_at: Number(r.expires_at),
});

/** The live lease of record `id` of `resource`, or undefined when none holds (none stored, or it expired). */
export async function liveLease(sql: Sql, resource: string, id: number): Promise<LeaseRow | undefined> {
  const r = await sql.get(
    `SELECT token, user_id, user_name, since, expires_at FROM record_leases WHERE resource = ? AND record_id = ? AND expires_at > ${dbNow(sql)}`,
    [resource, id],
  );
  return r && fromDb(r);
}

/**
 * Takes or renews the lease of record `id` for form `token` of user `userId` (`name`), for `ms`
 * from now, in one statement: it writes when nobody holds the record (no row, or an expired one),
 * when `token` of the same user holds it already (a renewal: `since` stays), or with `force` (a
 * take-over). Resolves to the lease as written, or undefined when another form holds it (nothing
 * written).
 */
export async function takeLease(
  sql: Sql,
  l: { resource: string; id: number; token: string; userId: number; name: string; ms: number; force: boolean },
): Promise<LeaseRow | undefined> {
  const now = dbNow(sql);
  const mine = 'record_leases.token = excluded.token AND record_leases.user_id = excluded.user_id';
  const r = await sql.get(
    `INSERT INTO record_leases (resource, record_id, token, user_id, user_name, since, expires_at)
     VALUES (?, ?, ?, ?, ?, ${now}, ${now} + ?)
     ON CONFLICT (resource, record_id) DO UPDATE SET token = excluded.token, user_id = excluded.user_id, user_name = excluded.user_name,
       since = CASE WHEN ${mine} AND record_leases.expires_at > ${now} THEN record_leases.since ELSE excluded.since END,
       expires_at = excluded.expires_at
     WHERE ${l.force ? '1 = 1' : `record_leases.expires_at <= ${now} OR (${mine})`}
     RETURNING token, user_id, user_name, since, expires_at`,
    [l.resource, l.id, l.token, l.userId, l.name, l.ms],
  );
  return r && fromDb(r);
}

/** Gives back the lease of record `id` held by form `token` of user `userId`; resolves to rows removed (0: it held none). */
export const releaseLease = (sql: Sql, resource: string, id: number, token: string, userId: number) =>
  sql.run('DELETE FROM record_leases WHERE resource = ? AND record_id = ? AND token = ? AND user_id = ?', [resource, id, token, userId], ['leases']);

/** Removes leases that ended more than `ms` ago (at most 1,000 a call). */
export const pruneLeases = (sql: Sql, ms: number) =>
  sql.run(
    `DELETE FROM record_leases WHERE (resource, record_id) IN (SELECT resource, record_id FROM record_leases WHERE expires_at < ${dbNow(sql)} - ? LIMIT 1000)`,
    [ms],
    ['leases'],
  );
