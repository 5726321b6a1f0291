import { sqlMigration } from './migration.ts';
/**
 * Background import jobs (user and event-photo imports, DESIGN.md §4): one row per accepted
 * sheet, progress counters, state queued | running | done | failed. `owner_key` is who may run
 * only one import at a time ("organiser:<company id>" for photos, "user:<id>" for user imports);
 * the partial unique index makes that rule hold across processes sharing one database.
 * `updated_at` is the runner's heartbeat (ms); a stale active job is one whose process died.
 */
export default sqlMigration(
  '009-import-jobs',
  `
CREATE TABLE import_jobs (
  id {{pk}}, kind TEXT NOT NULL, owner_key TEXT NOT NULL, user_id INTEGER NOT NULL,
  state TEXT NOT NULL DEFAULT 'queued',
  rows_total INTEGER NOT NULL, rows_checked INTEGER NOT NULL DEFAULT 0, rows_written INTEGER NOT NULL DEFAULT 0,
  passwords_total INTEGER NOT NULL DEFAULT 0, passwords_hashed INTEGER NOT NULL DEFAULT 0,
  message TEXT NOT NULL DEFAULT '', created_at BIGINT NOT NULL, updated_at BIGINT NOT NULL, finished_at BIGINT);
CREATE UNIQUE INDEX import_jobs_one_active ON import_jobs (owner_key) WHERE state IN ('queued', 'running');
CREATE INDEX import_jobs_user ON import_jobs (user_id);
`,
);
