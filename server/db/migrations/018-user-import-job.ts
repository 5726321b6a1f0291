import { sqlMigration } from './migration.ts';
/**
 * Which import brought a user in ("Show the N imported users"): the job id of
 * `import_jobs`, null for users added any other way. The partial index serves the Users list's
 * `import_job` filter without indexing every hand-made user.
 */
export default sqlMigration(
  '018-user-import-job',
  `
ALTER TABLE users ADD COLUMN import_job_id INTEGER;
CREATE INDEX users_import_job ON users (import_job_id) WHERE import_job_id IS NOT NULL;
`,
);
