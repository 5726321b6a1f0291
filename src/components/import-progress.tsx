import { jobFigure, type ImportJob } from '../common/import-job.ts';

/** The line shown while the sheet is sent and checked, before its job exists. */
export const CHECKING_ROWS = 'Checking rows…';

/**
 * The progress bar of a background import: one figure per phase, named, with the bar and the
 * percentage both made from the counts it shows ("Saving 11,450 of 30,000 (38 %)";
 * `jobFigure`). `job` null: the sheet is still being checked.
 */
export function ImportProgress({ job, label }: { job: ImportJob | null; label: string }) {
  const figure = job ? jobFigure(job) : { text: CHECKING_ROWS, done: 0, total: 1 };
  return (
    <div className="upload-progress import-progress">
      <progress max={Math.max(1, figure.total)} value={figure.done} aria-label={label} />
      <span role="status">{figure.text}</span>
    </div>
  );
}
