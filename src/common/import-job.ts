import { groupDigits } from './numbers.ts';
import type { ImportJob, RecentImport, UndoPreview } from './contract/admin.ts';

/** An import job as `GET import-job/{id}` answers it: declared once, in the wire contract (contract/admin.ts). */
export type { ImportJob, RecentImport, UndoPreview };
/** users | photos | participants. */
export type ImportKind = ImportJob['kind'];
/** queued | running | done | failed. */
export type ImportState = ImportJob['state'];

const NOUNS: Record<ImportKind, [string, string]> = { users: ['user', 'users'], photos: ['photo', 'photos'], participants: ['participant', 'participants'] };
/** What `n` rows of an import of `kind` are called: "1 user", "200 photos", "3 participants" (the undo's words, server and console). */
export const importNoun = (kind: ImportKind, n: number) => NOUNS[kind][n === 1 ? 0 : 1];

/** True once a job can change no more. */
export const jobFinished = (j: Pick<ImportJob, 'state'>) => j.state === 'done' || j.state === 'failed';

/** Whole per cent of `done` out of `total`, rounded down (never 100 before the end); 0 when `total` is 0. */
export const percentOf = (done: number, total: number) => (total > 0 ? Math.floor((100 * Math.min(done, total)) / total) : 0);

/** One phase's figure: its words, and the counts its bar and percentage come from. */
export interface JobFigure {
  text: string;
  done: number;
  total: number;
}

/**
 * What the progress bar shows (one figure per phase, named, the percentage computed
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

/** One row that keeps an import from being undone: its id, what names it (an e-mail, "Bid 1042") and why. */
export type UndoBlocker = UndoPreview['blocked'][number];
