import type { Sql } from '../db/sql.ts';
import { queueWebhookEvent } from '../lib/webhooks/emit.ts';
import type { AuthUser } from '../db/queries/auth.ts';
import { Conflict, NotFound, Refused } from '../runtime/domain-errors.ts';
import * as q from '../db/queries/import-undo.ts';
import { participantUndoBlockers } from '../db/queries/participant-undo.ts';
import { importNoun, type UndoPreview } from '../../src/common/import-job.ts';
import { groupDigits } from '../../src/common/numbers.ts';
import { recordActivity, type Who } from '../lib/activity/record.ts';

/**
 * Undo an import: a finished users import, event-photos upload or participants import removes
 * exactly the rows it added, in one transaction, once — and refuses, naming them, when some of
 * those rows were changed or used since (a user who signed in or was edited; a photo replaced by
 * a later upload; a participant notified, whose gallery was opened, who bought, or whose erasure
 * was recorded: db/queries/participant-undo.ts), or when the import itself replaced photos that
 * were there before it. A participants import never updates a row, so it has nothing to restore.
 *
 * Who may: the user who started the import, or an administrator; for users also the ability
 * "Delete users" (staff), for photos and participants also a user of the same organiser. Anyone
 * else: 404, as for GET import-job/{id}.
 */

/** The organiser whose rows an import of photos or participants wrote (its owner key `organiser:<id>` / `participants:<id>`), or null. */
const organiserOf = (job: q.UndoJob) => {
  const m = /^(?:organiser|participants):(\d+)$/.exec(job.owner_key);
  return m ? Number(m[1]) : null;
};

/** The import's rows changed or used since it (the first 20, and how many in all). */
const blockersOf = (sql: Sql, job: q.UndoJob) => (job.kind === 'participants' ? participantUndoBlockers(sql, job.id) : q.undoBlockers(sql, job));

/** The activity label of an import of `kind`. */
const LABEL: Record<q.UndoJob['kind'], string> = { users: 'Users import', photos: 'Event photos import', participants: 'Participants import' };

async function allowedJob(sql: Sql, user: AuthUser, id: number): Promise<q.UndoJob> {
  const job = await q.getUndoJob(sql, id);
  const organiser = job !== undefined && job.kind !== 'users' && user.companyId !== null && organiserOf(job) === user.companyId;
  if (!job || !(job.user_id === user.id || user.isAdmin || organiser)) throw new NotFound('Import job');
  if (job.kind === 'users' && !user.isAdmin && !user.abilities.has('users.delete')) throw new Refused('You do not have the permission to delete users.');
  if (!Object.hasOwn(LABEL, job.kind)) throw new Conflict('This import cannot be undone.');
  return job;
}

/** GET import-job/{id}/undo: the confirmation's figures. Errors: 404 no such job (or not yours), 403 without "Delete users". */
export async function undoPreview(sql: Sql, user: AuthUser, id: number): Promise<UndoPreview> {
  const job = await allowedJob(sql, user, id);
  const blockers = await blockersOf(sql, job);
  return {
    job_id: job.id,
    kind: job.kind,
    count: await q.importedCount(sql, job.kind, job.id),
    undone_at: job.undone_at,
    blocked: blockers.rows,
    blocked_total: blockers.total,
  };
}

/** "Import undone: 200 photos removed." (users, participants) */
export const undoneMessage = (kind: q.UndoJob['kind'], n: number) => `Import undone: ${groupDigits(n)} ${importNoun(kind, n)} removed.`;

/** The words of a blocked undo: "This import cannot be undone: 3 users changed since it: a@x.com (signed in since), …". */
export function blockedMessage(kind: q.UndoJob['kind'], total: number, rows: q.Blocker[]): string {
  const noun = importNoun(kind, total);
  const named = rows
    .slice(0, 5)
    .map((r) => `${r.label} (${r.reason})`)
    .join(', ');
  const more = total > 5 ? ` and ${total - 5} more` : '';
  return `This import cannot be undone: ${total} ${noun} changed since it: ${named}${more}. Nothing was removed.`;
}

/**
 * POST import-job/{id}/undo: removes the rows, marks the job undone and writes its activity row
 * (`who`, undo_import on `imports`: how many rows went, under the import's organiser for photos and
 * participants) in the same transaction; resolves to how many rows went and the words
 * ("Import undone: 200 photos removed."). A participant's consent receipts go with it.
 * Errors: 404 / 403 as undoPreview; 409 when the job is not finished, already undone, or blocked
 * (data { blocked, blocked_total }).
 */
export async function undoImport(sql: Sql, user: AuthUser, who: Who, id: number, now: number): Promise<{ count: number; message: string }> {
  const job = await allowedJob(sql, user, id);
  if (job.undone_at !== null) throw new Conflict('This import was already undone.');
  if (job.state !== 'done') throw new Conflict('Only a finished import can be undone.');
  return sql.transaction(async (tx) => {
    if ((await q.markUndone(tx, job.id, now)) !== 1) throw new Conflict('This import was already undone.');
    const blockers = await blockersOf(tx, job);
    if (blockers.total > 0) {
      throw new Conflict(blockedMessage(job.kind, blockers.total, blockers.rows), { blocked: blockers.rows, blocked_total: blockers.total });
    }
    const count = await q.deleteImported(tx, job.kind, job.id);
    await recordActivity(tx, who, {
      action: 'undo_import',
      resource: 'imports',
      id: job.id,
      label: LABEL[job.kind],
      ...(job.kind === 'users' ? {} : { organiserId: organiserOf(job) }),
      changes: { [job.kind]: { from: count, to: 0 } },
    });
    await queueWebhookEvent(tx, 'import.undone', job.kind === 'users' ? null : organiserOf(job), {
      import_job_id: job.id,
      kind: job.kind,
      rows_removed: count,
    });
    return { count, message: undoneMessage(job.kind, count) };
  });
}
