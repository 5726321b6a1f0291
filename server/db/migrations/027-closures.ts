import type { Migration } from './migration.ts';
import { announceChanges } from './022-change-notices.ts';

/**
 * Dated closures of an organiser (docs/extensions.md, an extension of organiser-console §2
 * "Working Days"): one row per closed date (YYYY-MM-DD) with an optional note; a date is closed
 * at most once per organiser. Bookings on a closed date cannot be accepted (services/bookings.ts).
 * PostgreSQL: the new table announces its changes as every table does.
 */
const migration: Migration = {
  id: '027-closures',
  run: announceChanges,
  sql: `CREATE TABLE closures (id {{pk}}, company_id INTEGER NOT NULL REFERENCES companies(id) ON DELETE CASCADE, date TEXT NOT NULL, note TEXT NOT NULL DEFAULT '', created_at BIGINT NOT NULL, UNIQUE (company_id, date));
`,
};
export default migration;
