import { groupDigits } from './numbers.ts';

/**
 * An import job as `GET import-job/{id}` answers it and the console shows it (DESIGN.md §4
 * imports; user import admin-area §2, event photos organiser-console §2). Pure: no DOM, no Node.
 *
 * - `state`: queued (accepted, not started) → running (hashing / writing) → done | failed.
 * - `rows_total`: data rows of the sheet; `rows_checked`: rows validated (the sheet is checked
 *   before the job is accepted, so it equals `rows_total`); `rows_written`: rows saved so far
 *   inside the job's one transaction (visible to the process running it; 0 elsewhere until done).
 * - `passwords_total` / `passwords_hashed`: user imports only (0 for photos).
 * - `message`: the success text when done, the reason when failed, '' before.
 * - `result`: the route's old answer when done (`{ imported }` users, `{ count }` photos), else null.
 * Times are milliseconds since the epoch.
 */
export interface ImportJob {
  id: number; kind: ImportKind; state: ImportState;
  rows_total: number; rows_checked: number; rows_written: number;
  passwords_total: number; passwords_hashed: number;
  message: string; created_at: number; finished_at: number | null;
}
export type ImportKind = 'users' | 'photos';
export type ImportState = 'queued' | 'running' | 'done' | 'failed';

/** True once a job can change no more. */
export const jobFinished = (j: Pick<ImportJob, 'state'>) => j.state === 'done' || j.state === 'failed';

/** Whole per cent of `done` out of `total`, rounded down (never 100 before the end); 0 when `total` is 0. */
export const percentOf = (done: number, total: number) => (total > 0 ? Math.floor((100 * Math.min(done, total)) / total) : 0);

/** One phase's figure: its words, and the counts its bar and percentage come from. */
export interface JobFigure { text: string; done: number; total: number }

/**
 * What the progress bar shows (issue 22: one figure per phase, named, the percentage computed
 * from the counts shown): "Waiting to start…", "Hashing passwords 1,200 of 2,000 (60 %)"
 * (users), "Saving 11,450 of 30,000 (38 %)", then the job's message. The sheet is checked
 * before the job exists ("Checking rows…" is the screen's, while the upload is answered).
 */
export function jobFigure(j: ImportJob): JobFigure {
  const n = (x: number) => groupDigits(x);
  const line = (verb: string, done: number, total: number) => ({ text: `${verb} ${n(done)} of ${n(total)} (${percentOf(done, total)} %)`, done, total });
  if (j.state === 'done') return { text: j.message, done: 1, total: 1 };
  if (j.state === 'failed') return { text: j.message, done: 0, total: 1 };
  if (j.state === 'queued') return { text: 'Waiting to start…', done: 0, total: 1 };
  if (j.passwords_total > 0 && j.passwords_hashed < j.passwords_total) return line('Hashing passwords', j.passwords_hashed, j.passwords_total);
  return line('Saving', Math.min(j.rows_written, j.rows_total), j.rows_total);
}

/** One row that keeps an import from being undone (issue 21 §4): its id, what names it (an e-mail, "Bid 1042") and why. */
export interface UndoBlocker { id: number; label: string; reason: string }

/**
 * What undoing an import would do (`GET import-job/{id}/undo`): how many rows it removes,
 * whether it was already undone (ms), and the rows changed or used since that block it (the
 * first 20 of `blocked_total`).
 */
export interface UndoPreview { job_id: number; kind: ImportKind; count: number; undone_at: number | null; blocked: UndoBlocker[]; blocked_total: number }
