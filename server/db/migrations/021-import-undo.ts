import { sqlMigration } from './migration.ts';
/**
 * Undo an import. Photos remember the import that added them (`import_job_id`,
 * as users already do since 018) and the later import that replaced them in place
 * (`changed_job_id`); a job remembers when it was undone (`undone_at`, ms), so it is undone once.
 * The partial indexes serve "the rows of job J" without indexing photos added by hand.
 */
export default sqlMigration(
  '021-import-undo',
  `
ALTER TABLE event_photos ADD COLUMN import_job_id INTEGER;
ALTER TABLE event_photos ADD COLUMN changed_job_id INTEGER;
CREATE INDEX event_photos_import_job ON event_photos (import_job_id) WHERE import_job_id IS NOT NULL;
CREATE INDEX event_photos_changed_job ON event_photos (changed_job_id) WHERE changed_job_id IS NOT NULL;
ALTER TABLE import_jobs ADD COLUMN undone_at BIGINT;
`,
);
