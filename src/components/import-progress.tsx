import { jobPhase, jobProgress, type ImportJob } from '../common/import-job.ts';

/**
 * The progress bar of a background import: checked, hashed (users) and written rows as one
 * bar, with the phase in words ("Hashing passwords: 1,200 of 2,000"). `job` null: just started.
 */
export function ImportProgress({ job, label }: { job: ImportJob | null; label: string }) {
  const value = job ? jobProgress(job) : 0;
  return (
    <div className="upload-progress import-progress">
      <progress max={1} value={value} aria-label={label} />
      <span role="status">{job ? jobPhase(job) : 'Starting…'} ({Math.round(value * 100)}%)</span>
    </div>
  );
}
