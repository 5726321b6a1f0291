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

/**
 * Overall progress 0..1: checking, hashing (users) and writing each count as one step per row,
 * so a users import moves steadily through its long hashing phase. A done job is 1.
 */
export function jobProgress(j: ImportJob): number {
  if (j.state === 'done') return 1;
  const steps = j.rows_total * 2 + j.passwords_total;
  if (steps <= 0) return 0;
  return Math.min(1, (j.rows_checked + j.passwords_hashed + j.rows_written) / steps);
}

/** One line for the progress bar, e.g. "Hashing passwords: 1,200 of 2,000". */
export function jobPhase(j: ImportJob): string {
  const n = (x: number) => x.toLocaleString('en-US');
  if (j.state === 'done' || j.state === 'failed') return j.message;
  if (j.state === 'queued') return 'Waiting to start…';
  if (j.passwords_total > 0 && j.passwords_hashed < j.passwords_total) return `Hashing passwords: ${n(j.passwords_hashed)} of ${n(j.passwords_total)}`;
  return `Saving rows: ${n(j.rows_written)} of ${n(j.rows_total)}`;
}
