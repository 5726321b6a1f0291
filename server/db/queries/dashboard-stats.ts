import type { Sql } from '../sql.ts';
import type { DashboardStats } from '../../../src/common/contract/admin.ts';

/**
 * The admin dashboard's live figures (contents ours; admin-area §1 keeps its four sample boxes):
 * how many organisers, events and event photos there are, how many participant videos wait
 * for moderation (status 1), and campaigns per month of their start date for the 12 months
 * around `month` (YYYY-MM: six before it, then it and five after, so campaigns already planned
 * show too), oldest first, months without campaigns included as 0.
 */
export type { DashboardStats };

const count = async (sql: Sql, q: string, p: (string | number)[] = []) => Number((await sql.get<{ n: number }>(q, p))?.n ?? 0);

/** The 12 months around `month` (YYYY-MM): the six before it, it, and the five after; oldest first. */
export function monthsAround(month: string): string[] {
  const [y, m] = month.split('-').map(Number);
  return Array.from({ length: 12 }, (_, i) => {
    const d = new Date(Date.UTC(y, m - 7 + i, 1));
    return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
  });
}

/** The dashboard figures (DashboardStats above) with campaigns per month for the 12 months around `month` (YYYY-MM; the route passes the current UTC month). */
export async function dashboardStats(sql: Sql, month: string): Promise<Required<Omit<DashboardStats, 'screens'>>> {
  const months = monthsAround(month);
  const rows = await sql.all<{ month: string; n: number }>(
    `SELECT substr(start_date, 1, 7) AS month, COUNT(*) AS n FROM campaigns
     WHERE substr(start_date, 1, 7) >= ? AND substr(start_date, 1, 7) <= ? GROUP BY substr(start_date, 1, 7)`,
    [months[0], months[11]],
  );
  const per = new Map(rows.map((r) => [r.month, Number(r.n)]));
  return {
    organisers: await count(sql, 'SELECT COUNT(*) AS n FROM companies'),
    events: await count(sql, 'SELECT COUNT(*) AS n FROM events'),
    photos: await count(sql, 'SELECT COUNT(*) AS n FROM event_photos'),
    videos_waiting: await count(sql, 'SELECT COUNT(*) AS n FROM participant_videos WHERE status = 1'),
    campaigns_per_month: months.map((m) => ({ month: m, campaigns: per.get(m) ?? 0 })),
  };
}

/**
 * How many rows of `table` have `col` in each bucket `i` of `bounds` (bucket i covers
 * [bounds[i], bounds[i + 1]) ms), among those `where` keeps; `what` is what is counted
 * (`COUNT(*)`, `COUNT(DISTINCT organizer_id)`). Buckets without a row are absent.
 */
async function countPer(sql: Sql, table: string, col: string, bounds: number[], where = '1 = 1', what = 'COUNT(*)') {
  if (bounds.length < 2 || !bounds.every(Number.isSafeInteger)) throw new Error('bucket bounds must be whole numbers of ms');
  const i = `CASE ${bounds
    .slice(1)
    .map((hi, k) => `WHEN ${col} < ${hi} THEN ${k}`)
    .join(' ')} END`;
  const rows = await sql.all<{ i: number; n: number }>(
    `SELECT ${i} AS i, ${what} AS n FROM ${table} WHERE ${where} AND ${col} >= ? AND ${col} < ? GROUP BY ${i}`,
    [bounds[0], bounds[bounds.length - 1]],
  );
  const out = bounds.slice(1).map(() => 0);
  for (const r of rows) out[Number(r.i)] = Number(r.n);
  return out;
}

/**
 * The platform's weekly counts over the weeks of `bounds` (each an array, a number per week):
 * organisers active (one of its users did something the activity log records), events made,
 * import jobs started, e-mails sent and failed (each by its last attempt, `next_at`: the outbox's
 * index by status and next_at reads only those weeks),
 * sign-ins and failed sign-ins (the activity log's session rows).
 */
export const platformWeekly = {
  activeOrganisers: (sql: Sql, bounds: number[]) => countPer(sql, 'activity', 'at', bounds, 'organizer_id IS NOT NULL', 'COUNT(DISTINCT organizer_id)'),
  events: (sql: Sql, bounds: number[]) => countPer(sql, 'events', 'created_at', bounds),
  imports: (sql: Sql, bounds: number[]) => countPer(sql, 'import_jobs', 'created_at', bounds),
  emailsSent: (sql: Sql, bounds: number[]) => countPer(sql, 'outbox', 'next_at', bounds, "status = 'sent'"),
  emailsFailed: (sql: Sql, bounds: number[]) => countPer(sql, 'outbox', 'next_at', bounds, "status = 'failed'"),
  signIns: (sql: Sql, bounds: number[]) => countPer(sql, 'activity', 'at', bounds, "resource = 'session' AND action = 'sign_in'"),
  signInsFailed: (sql: Sql, bounds: number[]) => countPer(sql, 'activity', 'at', bounds, "resource = 'session' AND action = 'sign_in_failed'"),
};

/** Two-step adoption: every user, and those with a confirmed authenticator app or a passkey. */
export async function twoStepAdoption(sql: Sql): Promise<{ users: number; enrolled: number }> {
  const r = await sql.get<{ users: number; enrolled: number }>(
    `SELECT (SELECT COUNT(*) FROM users) AS users,
       (SELECT COUNT(*) FROM users u WHERE EXISTS (SELECT 1 FROM two_step_totp t WHERE t.user_id = u.id AND t.confirmed_at IS NOT NULL)
          OR EXISTS (SELECT 1 FROM passkeys p WHERE p.user_id = u.id)) AS enrolled`,
  );
  return { users: Number(r?.users ?? 0), enrolled: Number(r?.enrolled ?? 0) };
}
