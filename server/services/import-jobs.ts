import type { Sql } from '../db/sql.ts';
import { NotFound } from '../runtime/domain-errors.ts';
import type { AuthUser } from '../db/queries/auth.ts';
import type { ImportKind, RecentImport } from '../../src/common/import-job.ts';
import { readJob } from '../lib/jobs/import-jobs.ts';
import { activeJobOf, jobOwner, recentDoneJobOf } from '../db/queries/import-jobs.ts';

/**
 * Import jobs as their starter reads them (DESIGN.md §4): only the user who started a job (or an
 * admin) sees it; anyone else gets 404 "Import job not found.". Undo: services/import-undo.ts.
 */

/** The caller's newest queued or running job of `kind`, or null (the console resumes its progress bar from it). */
export async function currentJob(sql: Sql, user: AuthUser, kind: ImportKind) {
  const id = await activeJobOf(sql, user.id, kind);
  return id === undefined ? null : ((await readJob(sql, Number(id))) ?? null);
}

/** How far back the notice above a list looks for the caller's latest import, ms (24 hours). */
export const RECENT_IMPORT_MS = 24 * 60 * 60 * 1000;

/**
 * The caller's newest done import of `kind` that finished within RECENT_IMPORT_MS before `now`
 * (ms), with its undo (common/import-job.ts RecentImport), or null: what the notice above the
 * Users list shows, in every browser, until a newer import replaces it or the day passes.
 */
export async function recentJob(sql: Sql, user: AuthUser, kind: ImportKind, now: number): Promise<RecentImport | null> {
  return (await recentDoneJobOf(sql, user.id, kind, now - RECENT_IMPORT_MS)) ?? null;
}

/** Job `id` (common/import-job.ts ImportJob); 404 unless the caller started it or is an admin. */
export async function jobOf(sql: Sql, user: AuthUser, id: number) {
  const owner = await jobOwner(sql, id);
  if (owner === undefined || (Number(owner) !== user.id && !user.isAdmin)) throw new NotFound('Import job');
  return (await readJob(sql, id))!;
}
