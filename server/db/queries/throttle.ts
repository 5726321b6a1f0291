import type { Sql } from '../sql.ts';
import { dbNow } from '../clock.ts';

/** One counter of the sign-in throttle: its key, how many attempts a window lets through, and the window's length (ms). */
export interface ThrottleRule { key: string; limit: number; windowMs: number }
/** What `takeHits` answers per key: whether the attempt was let through, and ms until the key's window ends (database clock). */
export interface ThrottleHit { key: string; granted: boolean; retryMs: number }

/**
 * Counts one attempt against every rule at once, in one statement (an atomic upsert on the key,
 * so parallel attempts of any number of processes on one database are counted one by one and at
 * most `limit` of a window are ever granted). A key's window starts with its first attempt and
 * ends `windowMs` later by the database's clock (db/clock.ts); once a key is at its limit it
 * stops counting and answers `granted: false` until the window ends. A window found ending
 * further ahead than `windowMs` (the database's clock stepped back) is pulled back to `windowMs`
 * from now, its count kept: a step neither locks out longer nor frees. Pass the rules in one
 * order everywhere (takeHits locks rows in that order on PostgreSQL).
 */
export async function takeHits(sql: Sql, rules: ThrottleRule[]): Promise<ThrottleHit[]> {
  const now = dbNow(sql);
  const rows = await sql.all<{ key: string; granted: number; retry_ms: number }>(
    `INSERT INTO login_throttle (key, hits, reset_at, lim, granted) VALUES ${rules.map(() => `(?, 1, ${now} + ?, ?, 1)`).join(', ')}
     ON CONFLICT (key) DO UPDATE SET
       hits = CASE WHEN login_throttle.reset_at <= ${now} THEN 1 WHEN login_throttle.hits < excluded.lim THEN login_throttle.hits + 1 ELSE login_throttle.hits END,
       granted = CASE WHEN login_throttle.reset_at <= ${now} OR login_throttle.hits < excluded.lim THEN 1 ELSE 0 END,
       reset_at = CASE WHEN login_throttle.reset_at <= ${now} OR login_throttle.reset_at > excluded.reset_at THEN excluded.reset_at ELSE login_throttle.reset_at END,
       lim = excluded.lim
     RETURNING key, granted, reset_at - ${now} AS retry_ms`,
    rules.flatMap((r) => [r.key, r.windowMs, r.limit]));
  return rules.map((r) => {
    const row = rows.find((x) => x.key === r.key)!;
    return { key: r.key, granted: Number(row.granted) === 1, retryMs: Math.max(0, Number(row.retry_ms)) };
  });
}

/**
 * Gives back one attempt to `key` in its current window (an attempt that was not a failed
 * sign-in after all). One row per statement: a statement that locked two rows could deadlock
 * with an upsert on PostgreSQL (takeHits locks its rows in its VALUES order).
 */
export const giveBack = (sql: Sql, key: string) =>
  sql.run(`UPDATE login_throttle SET hits = hits - 1 WHERE key = ? AND hits > 0 AND reset_at > ${dbNow(sql)}`, [key]);

/** Forgets the count of `key` (a good sign-in on the account): its next attempt starts a window. */
export const clearKey = (sql: Sql, key: string) => sql.run('DELETE FROM login_throttle WHERE key = ?', [key]);

/** Deletes the rows whose window has ended (they count nothing); resolves to how many. */
export const sweepEnded = (sql: Sql) => sql.run(`DELETE FROM login_throttle WHERE reset_at <= ${dbNow(sql)}`);
