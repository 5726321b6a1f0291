import type { Sql } from '../sql.ts';
import { dbNow } from '../clock.ts';

/** One counter of a throttle: its key, how many failures a window allows, and the window's length (ms). */
export interface ThrottleRule {
  key: string;
  limit: number;
  windowMs: number;
}
/**
 * What `takeHits` and `reserve` answer per key: `granted` (let through), `refused` (the window's
 * failures are at the limit) or `busy` (under the limit, but failures and attempts in flight
 * together reach it: try again once one is settled), and ms until the key's window ends
 * (database clock).
 */
export interface ThrottleHit {
  key: string;
  state: 'granted' | 'refused' | 'busy';
  retryMs: number;
}

/** The resource the counters' writes change (Sql.declare): no kept list answer reads them, so counting a call ends none. */
const THROTTLE = ['throttle'] as const;

/**
 * Counts against every rule at once, in one statement (an atomic upsert on the key, so parallel
 * attempts of any number of processes on one database are counted one by one). `hits` are the
 * window's counted failures, `pending` its attempts let through and not yet settled (migration
 * 024); a key lets an attempt through while the two together are under `limit`, then answers
 * `busy` while failures alone are under it and `refused` once they reach it. `mode` 'hit' counts
 * the attempt as a hit at once (a request that always counts, e.g. a link e-mail); 'reserve'
 * counts it as pending until `settle`. A key's window starts with its first attempt and ends
 * `windowMs` later by the database's clock (db/clock.ts); a new window starts from zero. A window
 * found ending further ahead than `windowMs` (the database's clock stepped back) is pulled back to
 * `windowMs` from now, its counts kept: a step neither locks out longer nor frees. Pass the rules
 * in one order everywhere (the upsert locks rows in that order on PostgreSQL).
 */
async function upsert(sql: Sql, rules: ThrottleRule[], mode: 'hit' | 'reserve'): Promise<ThrottleHit[]> {
  const now = dbNow(sql);
  const [hit, pending] = mode === 'hit' ? [1, 0] : [0, 1];
  const t = 'login_throttle';
  const live = `${t}.reset_at > ${now}`;
  const room = `${t}.hits + ${t}.pending < excluded.lim`;
  const rows = await sql.transaction((tx) => {
    tx.declare?.(THROTTLE);
    return tx.all<{ key: string; granted: number; retry_ms: number }>(
      `INSERT INTO ${t} (key, hits, pending, reset_at, lim, granted) VALUES ${rules.map(() => `(?, ${hit}, ${pending}, ${now} + ?, ?, 1)`).join(', ')}
     ON CONFLICT (key) DO UPDATE SET
       hits = CASE WHEN NOT (${live}) THEN excluded.hits WHEN ${room} THEN ${t}.hits + excluded.hits ELSE ${t}.hits END,
       pending = CASE WHEN NOT (${live}) THEN excluded.pending WHEN ${room} THEN ${t}.pending + excluded.pending ELSE ${t}.pending END,
       granted = CASE WHEN NOT (${live}) OR ${room} THEN 1 WHEN ${t}.hits < excluded.lim THEN 2 ELSE 0 END,
       reset_at = CASE WHEN NOT (${live}) OR ${t}.reset_at > excluded.reset_at THEN excluded.reset_at ELSE ${t}.reset_at END,
       lim = excluded.lim
     RETURNING key, granted, reset_at - ${now} AS retry_ms`,
      rules.flatMap((r) => [r.key, r.windowMs, r.limit]),
    );
  });
  const STATE = ['refused', 'granted', 'busy'] as const;
  return rules.map((r) => {
    const row = rows.find((x) => x.key === r.key)!;
    return { key: r.key, state: STATE[Number(row.granted)], retryMs: Math.max(0, Number(row.retry_ms)) };
  });
}

/** Counts one request against every rule as a hit at once (see `upsert`); `busy` cannot occur without reservations on the key. */
export const takeHits = (sql: Sql, rules: ThrottleRule[]) => upsert(sql, rules, 'hit');

/** Lets one attempt through on every rule as pending (see `upsert`); settle each granted key with `settle`, or `release` it. */
export const reserve = (sql: Sql, rules: ThrottleRule[]) => upsert(sql, rules, 'reserve');

/**
 * Settles one attempt `reserve` let through on `key`: it is no longer pending, and `outcome`
 * 'failed' counts it as a failure, 'cleared' starts the key's count again (a good sign-in on its
 * account), 'passed' leaves the count as it is. One row per statement: a statement that locked
 * two rows could deadlock with an upsert on PostgreSQL.
 */
export function settle(sql: Sql, key: string, outcome: 'failed' | 'cleared' | 'passed') {
  const hits = outcome === 'failed' ? 'hits + 1' : outcome === 'cleared' ? '0' : 'hits';
  // A window that ended meanwhile started again without this attempt's pending: never below 0.
  return sql.run(`UPDATE login_throttle SET hits = ${hits}, pending = CASE WHEN pending > 0 THEN pending - 1 ELSE 0 END WHERE key = ?`, [key], THROTTLE);
}

/** Gives back a hit `takeHits` counted on `key` in its current window (a request another key refused). */
export const giveBack = (sql: Sql, key: string) =>
  sql.run(`UPDATE login_throttle SET hits = hits - 1 WHERE key = ? AND hits > 0 AND reset_at > ${dbNow(sql)}`, [key], THROTTLE);

/** Deletes the rows whose window has ended (they count nothing); resolves to how many. */
export const sweepEnded = (sql: Sql) => sql.run(`DELETE FROM login_throttle WHERE reset_at <= ${dbNow(sql)}`, [], THROTTLE);
