import type { Migration } from './migration.ts';

/**
 * Record versions (docs/live.md): every versioned table
 * (src/common/resources.ts `versions`) gets `version`, 1 for every row stored so far. A recorded
 * update moves it in an UPDATE whose WHERE holds the version the editor read
 * (lib/activity/versions.ts); answers carry it as their ETag.
 */
const migration: Migration = {
  id: '042-record-versions',
  sql: `ALTER TABLE users ADD COLUMN version INTEGER NOT NULL DEFAULT 1;
ALTER TABLE roles ADD COLUMN version INTEGER NOT NULL DEFAULT 1;
ALTER TABLE pages ADD COLUMN version INTEGER NOT NULL DEFAULT 1;
ALTER TABLE admin_menus ADD COLUMN version INTEGER NOT NULL DEFAULT 1;
ALTER TABLE events ADD COLUMN version INTEGER NOT NULL DEFAULT 1;
ALTER TABLE bookings ADD COLUMN version INTEGER NOT NULL DEFAULT 1;
ALTER TABLE campaigns ADD COLUMN version INTEGER NOT NULL DEFAULT 1;
ALTER TABLE participants ADD COLUMN version INTEGER NOT NULL DEFAULT 1;
`,
};
export default migration;
