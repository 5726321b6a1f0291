import type { Sql } from '../sql.ts';
import { dbNow } from '../clock.ts';
import type { ImportJob, ImportKind } from '../../../src/common/import-job.ts';

const COLS = 'id, kind, state, rows_total, rows_checked, rows_written, passwords_total, passwords_hashed, message, created_at, finished_at';
const ACTIVE = "state IN ('queued', 'running')";

/** Rows read back with numbers as numbers (PostgreSQL answers BIGINT as text). */
const asJob = (r: Record<string, unknown> | undefined): ImportJob | undefined =>
  r && {
    id: Number(r.id),
    kind: r.kind as ImportKind,
    state: r.state as ImportJob['state'],
    rows_total: Number(r.rows_total),
    rows_checked: Number(r.rows_checked),
    rows_written: Number(r.rows_written),
    passwords_total: Number(r.passwords_total),
    passwords_hashed: Number(r.passwords_hashed),
    message: String(r.message),
    created_at: Number(r.created_at),
    finished_at: r.finished_at == null ? null : Number(r.finished_at),
  };

export interface NewJob {
  kind: ImportKind;
  ownerKey: string;
  userId: number;
  rowsTotal: number;
  passwordsTotal: number;
}

/** The fencing token a job's first lease carries (raised by every take-over). */
export const FIRST_TOKEN = 1;

/**
 * Inserts a queued job (rows already checked) leased to its caller for `leaseMs` on the
 * database's clock, with token FIRST_TOKEN; throws DbError 'unique' when its owner has an active one.
 */
export async function insertJob(sql: Sql, j: NewJob, leaseMs: number): Promise<number> {
  const now = Date.now();
  const row = await sql.get<{ id: number }>(
    `INSERT INTO import_jobs (kind, owner_key, user_id, rows_total, rows_checked, passwords_total, created_at, updated_at, lease_token, lease_until)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ${FIRST_TOKEN}, ${dbNow(sql)} + ?) RETURNING id`,
    [j.kind, j.ownerKey, j.userId, j.rowsTotal, j.rowsTotal, j.passwordsTotal, now, now, leaseMs],
  );
  return Number(row!.id);
}

/** The import job `id` as an ImportJob (numbers as numbers), or undefined. */
export const getJob = async (sql: Sql, id: number) => asJob(await sql.get(`SELECT ${COLS}, user_id FROM import_jobs WHERE id = ?`, [id]));
/** The id of the user who started job `id`, or undefined when there is no such job. */
export const jobOwner = async (sql: Sql, id: number) => (await sql.get<{ user_id: number }>('SELECT user_id FROM import_jobs WHERE id = ?', [id]))?.user_id;

/** The id of `userId`'s newest queued or running job of `kind`, if any. */
export const activeJobOf = async (sql: Sql, userId: number, kind: ImportKind) =>
  (await sql.get<{ id: number }>(`SELECT id FROM import_jobs WHERE user_id = ? AND kind = ? AND ${ACTIVE} ORDER BY id DESC LIMIT 1`, [userId, kind]))?.id;

/**
 * `userId`'s newest done job of `kind` that finished at or after `since` (ms), with when it was
 * undone and the name on its undo's activity entry; undefined when there is none.
 */
export async function recentDoneJobOf(sql: Sql, userId: number, kind: ImportKind, since: number) {
  const r = await sql.get<Record<string, unknown>>(
    `SELECT ${COLS}, undone_at, (SELECT a.actor_name FROM activity a WHERE a.resource = 'imports' AND a.action = 'undo_import' AND a.resource_id = import_jobs.id ORDER BY a.id DESC LIMIT 1) AS undone_by
     FROM import_jobs WHERE user_id = ? AND kind = ? AND state = 'done' AND finished_at >= ? ORDER BY id DESC LIMIT 1`,
    [userId, kind, since],
  );
  if (!r) return undefined;
  const undone = r.undone_at == null ? null : Number(r.undone_at);
  return { ...asJob(r)!, undone_at: undone, undone_by: undone === null ? null : String(r.undone_by ?? '') };
}

/** True when `ownerKey` has a queued or running job. */
export const hasActiveJob = async (sql: Sql, ownerKey: string) => !!(await sql.get(`SELECT id FROM import_jobs WHERE owner_key = ? AND ${ACTIVE}`, [ownerKey]));

/**
 * The holder's heartbeat: saves progress and extends the lease to `leaseMs` from now (database
 * clock) while the job is active and `token` is still its token. Resolves to 1, or 0 when the
 * lease was lost (the job was taken over and failed) or the job is finished.
 */
export const renewLease = (sql: Sql, id: number, token: number, leaseMs: number, p: { state: string; rows_written: number; passwords_hashed: number }) =>
  sql.run(
    `UPDATE import_jobs SET state = ?, rows_written = ?, passwords_hashed = ?, updated_at = ?, lease_until = ${dbNow(sql)} + ?
    WHERE id = ? AND lease_token = ? AND ${ACTIVE}`,
    [p.state, p.rows_written, p.passwords_hashed, Date.now(), leaseMs, id, token],
    ['imports'],
  );

/**
 * Marks a job done with its message, only for the holder of `token` and only from queued or
 * running (a failed job never becomes done); call inside the transaction that wrote its rows.
 * Resolves to 1, or 0 when the lease was lost: the caller must then roll back.
 */
export const markDone = (tx: Sql, id: number, token: number, written: number, hashed: number, message: string) =>
  tx.run(
    `UPDATE import_jobs SET state = 'done', rows_written = ?, passwords_hashed = ?, message = ?, updated_at = ?, finished_at = ?, lease_until = NULL
    WHERE id = ? AND lease_token = ? AND ${ACTIVE}`,
    [written, hashed, message, Date.now(), Date.now(), id, token],
  );

/** Marks one active job failed (nothing of it was written), only for the holder of `token`; resolves to 1 or 0. */
export const markFailed = (sql: Sql, id: number, token: number, message: string) =>
  sql.run(
    `UPDATE import_jobs SET state = 'failed', rows_written = 0, message = ?, updated_at = ?, finished_at = ?, lease_until = NULL
    WHERE id = ? AND lease_token = ? AND ${ACTIVE}`,
    [message, Date.now(), Date.now(), id, token],
  );

/**
 * Takes over and fails every active job whose lease has ended on the database's clock (its
 * holder died or lost the database for longer than a lease) and whose id is not in `live` (jobs
 * this process runs). The token is raised, so the old holder can no longer finish it. A job
 * of a process from before leases (no `lease_until`) is judged by its heartbeat `updated_at`
 * against `legacyBefore` (ms). With `all`, every active job not in `live` (SQLite at start: one
 * process per file). Resolves to how many were failed.
 */
export async function failExpired(sql: Sql, live: number[], message: string, legacyBefore: number, all = false): Promise<number> {
  const skip = live.length ? ` AND id NOT IN (${live.map(() => '?').join(',')})` : '';
  const expired = all ? '' : ` AND (lease_until < ${dbNow(sql)} OR (lease_until IS NULL AND updated_at < ?))`;
  return sql.run(
    `UPDATE import_jobs SET state = 'failed', rows_written = 0, message = ?, finished_at = ?, lease_token = lease_token + 1, lease_until = NULL
    WHERE ${ACTIVE}${expired}${skip}`,
    [message, Date.now(), ...(all ? [] : [legacyBefore]), ...live],
  );
}
