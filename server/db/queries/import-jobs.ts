import type { Sql } from '../sql.ts';
import type { ImportJob, ImportKind } from '../../../src/common/import-job.ts';

const COLS = 'id, kind, state, rows_total, rows_checked, rows_written, passwords_total, passwords_hashed, message, created_at, finished_at';
const ACTIVE = "state IN ('queued', 'running')";

/** Rows read back with numbers as numbers (PostgreSQL answers BIGINT as text). */
const asJob = (r: Record<string, unknown> | undefined): ImportJob | undefined => r && ({
  id: Number(r.id), kind: r.kind as ImportKind, state: r.state as ImportJob['state'],
  rows_total: Number(r.rows_total), rows_checked: Number(r.rows_checked), rows_written: Number(r.rows_written),
  passwords_total: Number(r.passwords_total), passwords_hashed: Number(r.passwords_hashed),
  message: String(r.message), created_at: Number(r.created_at), finished_at: r.finished_at == null ? null : Number(r.finished_at),
});

export interface NewJob { kind: ImportKind; ownerKey: string; userId: number; rowsTotal: number; passwordsTotal: number }

/** Inserts a queued job (rows already checked); throws DbError 'unique' when its owner has an active one. */
export async function insertJob(sql: Sql, j: NewJob): Promise<number> {
  const now = Date.now();
  const row = await sql.get<{ id: number }>(
    'INSERT INTO import_jobs (kind, owner_key, user_id, rows_total, rows_checked, passwords_total, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?) RETURNING id',
    [j.kind, j.ownerKey, j.userId, j.rowsTotal, j.rowsTotal, j.passwordsTotal, now, now]);
  return Number(row!.id);
}

/** The import job `id` as an ImportJob (numbers as numbers), or undefined. */
export const getJob = async (sql: Sql, id: number) => asJob(await sql.get(`SELECT ${COLS}, user_id FROM import_jobs WHERE id = ?`, [id]));
/** The id of the user who started job `id`, or undefined when there is no such job. */
export const jobOwner = async (sql: Sql, id: number) =>
  (await sql.get<{ user_id: number }>('SELECT user_id FROM import_jobs WHERE id = ?', [id]))?.user_id;

/** The id of `userId`'s newest queued or running job of `kind`, if any. */
export const activeJobOf = async (sql: Sql, userId: number, kind: ImportKind) =>
  (await sql.get<{ id: number }>(`SELECT id FROM import_jobs WHERE user_id = ? AND kind = ? AND ${ACTIVE} ORDER BY id DESC LIMIT 1`, [userId, kind]))?.id;

/** True when `ownerKey` has a queued or running job. */
export const hasActiveJob = async (sql: Sql, ownerKey: string) =>
  !!(await sql.get(`SELECT id FROM import_jobs WHERE owner_key = ? AND ${ACTIVE}`, [ownerKey]));

/** Saves progress and the heartbeat of a still active job (a finished one is left alone). */
export const saveProgress = (sql: Sql, id: number, p: { state: string; rows_written: number; passwords_hashed: number }) =>
  sql.run(`UPDATE import_jobs SET state = ?, rows_written = ?, passwords_hashed = ?, updated_at = ? WHERE id = ? AND ${ACTIVE}`,
    [p.state, p.rows_written, p.passwords_hashed, Date.now(), id]);

/** Marks a job done with its message; call inside the transaction that wrote its rows. */
export const markDone = (tx: Sql, id: number, written: number, hashed: number, message: string) =>
  tx.run("UPDATE import_jobs SET state = 'done', rows_written = ?, passwords_hashed = ?, message = ?, updated_at = ?, finished_at = ? WHERE id = ?",
    [written, hashed, message, Date.now(), Date.now(), id]);

/** Marks one active job failed (nothing of it was written). */
export const markFailed = (sql: Sql, id: number, message: string) =>
  sql.run(`UPDATE import_jobs SET state = 'failed', rows_written = 0, message = ?, updated_at = ?, finished_at = ? WHERE id = ? AND ${ACTIVE}`,
    [message, Date.now(), Date.now(), id]);

/**
 * Marks failed every active job whose heartbeat is older than `before` (ms since the epoch) and
 * whose id is not in `live`: its process died, so its transaction never committed.
 * Resolves to how many were marked.
 */
export async function failStale(sql: Sql, before: number, live: number[], message: string): Promise<number> {
  const skip = live.length ? ` AND id NOT IN (${live.map(() => '?').join(',')})` : '';
  return sql.run(`UPDATE import_jobs SET state = 'failed', rows_written = 0, message = ?, finished_at = ? WHERE ${ACTIVE} AND updated_at < ?${skip}`,
    [message, Date.now(), before, ...live]);
}
