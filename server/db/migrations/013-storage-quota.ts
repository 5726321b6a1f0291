import { sqlMigration } from './migration.ts';
/**
 * A storage quota per organiser (docs/security.md "Limits"):
 * `companies.storage_quota_mb` (MB of 1,048,576 bytes; default 2048 = 2 GB, an administrator
 * changes it on the organiser form) and the size of each stored image beside the row naming it
 * (`events.logo_bytes`, `campaigns.logo_bytes`, `templates.image_bytes`), so an organiser's use
 * is one sum (db/queries/storage.ts). Images stored before this migration take their size from
 * `stored_files` (the database file store); on the disk store they count 0 until replaced.
 * Recognition events are counted by their stored text, indexed here by organiser.
 */
const KEY = 'substr(logo, 10)'; // '/uploads/' is 9 characters
export default sqlMigration(
  '013-storage-quota',
  `
ALTER TABLE companies ADD COLUMN storage_quota_mb INTEGER NOT NULL DEFAULT 2048;
ALTER TABLE events ADD COLUMN logo_bytes INTEGER NOT NULL DEFAULT 0;
ALTER TABLE campaigns ADD COLUMN logo_bytes INTEGER NOT NULL DEFAULT 0;
ALTER TABLE templates ADD COLUMN image_bytes INTEGER NOT NULL DEFAULT 0;
UPDATE events SET logo_bytes = COALESCE((SELECT f.size FROM stored_files f WHERE f.key = ${KEY}), 0) WHERE logo LIKE '/uploads/%';
UPDATE campaigns SET logo_bytes = COALESCE((SELECT f.size FROM stored_files f WHERE f.key = ${KEY}), 0) WHERE logo LIKE '/uploads/%';
UPDATE templates SET image_bytes = COALESCE((SELECT f.size FROM stored_files f WHERE f.key = substr(path, 10)), 0) WHERE path LIKE '/uploads/%';
CREATE INDEX recognition_events_company ON recognition_events (company_id);
`,
);
