import { sqlMigration } from './migration.ts';
/**
 * Stored images in the database (server/lib/files/database-store.ts), so every API process on
 * one PostgreSQL serves every logo and template. `{{blob}}` is BYTEA on PostgreSQL, BLOB on SQLite.
 * `size` is in bytes; `created_at` in milliseconds since the epoch.
 */
export default sqlMigration(
  '004-stored-files',
  `
CREATE TABLE stored_files (
  key TEXT PRIMARY KEY, bytes {{blob}} NOT NULL, size INTEGER NOT NULL, created_at BIGINT NOT NULL);
`,
);
