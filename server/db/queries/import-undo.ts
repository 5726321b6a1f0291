import type { Sql } from '../sql.ts';
import { nextTurn, WORK_SLICE } from '../../runtime/next-turn.ts';

/**
 * Rows for undoing an import (services/import-undo.ts decides). Users, photos and participants
 * carry the id of the import that added them (`import_job_id`); a photo replaced in place by a
 * later import carries that import's id in `changed_job_id`. What blocks a participants import:
 * db/queries/participant-undo.ts.
 */

/** A finished job as undo needs it; undefined when there is no such job. */
export interface UndoJob {
  id: number;
  kind: 'users' | 'photos' | 'participants';
  user_id: number;
  owner_key: string;
  state: string;
  finished_at: number | null;
  undone_at: number | null;
}

export async function getUndoJob(sql: Sql, id: number): Promise<UndoJob | undefined> {
  const r = await sql.get<Record<string, unknown>>('SELECT id, kind, user_id, owner_key, state, finished_at, undone_at FROM import_jobs WHERE id = ?', [id]);
  return (
    r && {
      id: Number(r.id),
      kind: r.kind as UndoJob['kind'],
      user_id: Number(r.user_id),
      owner_key: String(r.owner_key),
      state: String(r.state),
      finished_at: r.finished_at == null ? null : Number(r.finished_at),
      undone_at: r.undone_at == null ? null : Number(r.undone_at),
    }
  );
}

export type { UndoBlocker as Blocker } from '../../../src/common/import-job.ts';
import type { UndoBlocker as Blocker } from '../../../src/common/import-job.ts';

const TABLE = { users: 'users', photos: 'event_photos', participants: 'participants' } as const;
/** Activity actions that change a user after its import (or show it in use). */
const USER_CHANGES = "'update', 'password_change', 'password_reset', 'password_set', 'status'";

/** How many rows job `id` added that are still there. */
export const importedCount = async (sql: Sql, kind: UndoJob['kind'], id: number) =>
  Number((await sql.get<{ n: number }>(`SELECT COUNT(*) AS n FROM ${TABLE[kind]} WHERE import_job_id = ?`, [id]))!.n);

/**
 * The rows of job `id` changed or used since it finished (first `limit`, and how many in all):
 * users who signed in or were edited (the activity log) after `since` (ms); photos replaced by a
 * later import; and, for photos, earlier photos this import itself replaced (undo would lose them).
 */
export async function undoBlockers(sql: Sql, job: UndoJob, limit = 20): Promise<{ rows: Blocker[]; total: number }> {
  if (job.kind === 'users') {
    const signedIn = 'EXISTS (SELECT 1 FROM tokens t WHERE t.user_id = u.id)';
    const changed = `EXISTS (SELECT 1 FROM activity a WHERE a.resource = 'users' AND a.resource_id = u.id AND a.at > ? AND a.action IN (${USER_CHANGES}))`;
    const where = `u.import_job_id = ? AND (${signedIn} OR ${changed})`;
    const params = [job.id, job.finished_at ?? 0];
    const rows = await sql.all<{ id: number; label: string; used: number }>(
      `SELECT u.id, u.email AS label, CASE WHEN ${signedIn} THEN 1 ELSE 0 END AS used FROM users u WHERE ${where} ORDER BY u.id LIMIT ${limit}`,
      params,
    );
    const total = Number((await sql.get<{ n: number }>(`SELECT COUNT(*) AS n FROM users u WHERE ${where}`, params))!.n);
    return { rows: rows.map((r) => ({ id: Number(r.id), label: r.label, reason: Number(r.used) ? 'signed in since' : 'edited since' })), total };
  }
  const where = '(import_job_id = ? AND changed_job_id IS NOT NULL) OR changed_job_id = ?';
  const rows = await sql.all<{ id: number; label: string; mine: number }>(
    `SELECT id, bid_number AS label, CASE WHEN changed_job_id = ? THEN 1 ELSE 0 END AS mine FROM event_photos WHERE ${where} ORDER BY id LIMIT ${limit}`,
    [job.id, job.id, job.id],
  );
  const total = Number((await sql.get<{ n: number }>(`SELECT COUNT(*) AS n FROM event_photos WHERE ${where}`, [job.id, job.id]))!.n);
  return {
    rows: rows.map((r) => ({
      id: Number(r.id),
      label: `Bid ${r.label}`,
      reason: Number(r.mine) ? 'was on the event before this import replaced it' : 'replaced by a later import',
    })),
    total,
  };
}

/** Claims job `id` for undo (done and not undone yet); resolves to 1, or 0 when another undo got there first. */
export const markUndone = (tx: Sql, id: number, at: number) =>
  tx.run("UPDATE import_jobs SET undone_at = ? WHERE id = ? AND state = 'done' AND undone_at IS NULL", [at, id]);

/** Deletes every row job `id` added, WORK_SLICE at a time with a turn between (run in a transaction); resolves to how many went. */
export async function deleteImported(tx: Sql, kind: UndoJob['kind'], id: number): Promise<number> {
  const table = TABLE[kind];
  let total = 0;
  for (;;) {
    const n = await tx.run(`DELETE FROM ${table} WHERE id IN (SELECT id FROM ${table} WHERE import_job_id = ? LIMIT ${WORK_SLICE})`, [id]);
    total += n;
    if (n < WORK_SLICE) return total;
    await nextTurn();
  }
}
