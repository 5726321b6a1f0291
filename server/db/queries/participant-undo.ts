import type { Sql } from '../sql.ts';
import type { UndoBlocker } from '../../../src/common/import-job.ts';

/**
 * What keeps a participants import from being undone (services/import-undo.ts decides;
 * docs/participants.md "The participants sheet"). A participants import only adds rows (a BIB
 * already on the event refuses the sheet), each carrying the import's id (`import_job_id`,
 * migration 030); the rows it added are *used* once something reached a participant or was
 * recorded of them since: the "your photos are ready" e-mail went out with a gallery link
 * (`notified_at`), the gallery was opened (`viewed_at`), a purchase or download was recorded
 * (`bought_at`), or an erasure of their face data was recorded (`face_erasures`). Removing such
 * a row would lose that record, so undo refuses and names them, as a photo upload's does.
 */

const ERASED = 'EXISTS (SELECT 1 FROM face_erasures f WHERE f.participant_id = p.id)';
const USED = `(p.notified_at IS NOT NULL OR p.viewed_at IS NOT NULL OR p.bought_at IS NOT NULL OR ${ERASED})`;
/** Why a used row blocks, the weightiest reason first. */
const REASON = `CASE WHEN p.bought_at IS NOT NULL THEN 'bought since' WHEN p.viewed_at IS NOT NULL THEN 'opened their gallery since'
  WHEN p.notified_at IS NOT NULL THEN 'notified since' ELSE 'face data erased since' END`;

/** The participants import job `jobId` added that were used since (first `limit` in id order, labelled "BIB 101"), and how many in all. */
export async function participantUndoBlockers(sql: Sql, jobId: number, limit = 20): Promise<{ rows: UndoBlocker[]; total: number }> {
  const where = `p.import_job_id = ? AND ${USED}`;
  const rows = await sql.all<{ id: number; bib_number: string; reason: string }>(
    `SELECT p.id, p.bib_number, ${REASON} AS reason FROM participants p WHERE ${where} ORDER BY p.id LIMIT ${limit}`,
    [jobId],
  );
  const total = Number((await sql.get<{ n: number }>(`SELECT COUNT(*) AS n FROM participants p WHERE ${where}`, [jobId]))!.n);
  return { rows: rows.map((r) => ({ id: Number(r.id), label: `BIB ${r.bib_number}`, reason: r.reason })), total };
}
