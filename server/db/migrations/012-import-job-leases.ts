import { sqlMigration } from './migration.ts';
/**
 * Import jobs held by a lease: `lease_token` is the fencing token of the
 * process running the job (1 when granted; raised when another process takes the job over to
 * fail it), `lease_until` when the lease ends, in ms on the DATABASE's clock (db/clock.ts), renewed
 * by the holder every second. Only the holder of the current token may move a job to done or
 * failed. Rows of processes from before this migration have no lease (NULL) and are judged by
 * their heartbeat as before, so old and new processes can run side by side during a rollout.
 */
export default sqlMigration(
  '012-import-job-leases',
  `
ALTER TABLE import_jobs ADD COLUMN lease_token BIGINT NOT NULL DEFAULT 0;
ALTER TABLE import_jobs ADD COLUMN lease_until BIGINT;
`,
);
