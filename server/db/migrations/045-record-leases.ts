import type { Migration } from './migration.ts';

/**
 * Edit leases (docs/live.md "Who is editing"): at most one row per record (`resource`, a
 * key of src/common/leases.ts LEASED_RESOURCES, and `record_id`), naming the open form that holds
 * it (`token`, made by the client), its user and their name, when it was taken (`since`) and when
 * it ends unless renewed (`expires_at`); times are ms since 1970 on the database's clock
 * (db/clock.ts), so every API process judges expiry alike. A row past `expires_at` holds nothing
 * and is overwritten by the next take; `record_leases_expiry` lets the take prune old ones.
 */
const migration: Migration = {
  id: '045-record-leases',
  sql: `CREATE TABLE record_leases (resource TEXT NOT NULL, record_id INTEGER NOT NULL, token TEXT NOT NULL, user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE, user_name TEXT NOT NULL, since BIGINT NOT NULL, expires_at BIGINT NOT NULL, PRIMARY KEY (resource, record_id));
CREATE INDEX record_leases_expiry ON record_leases (expires_at);
`,
};
export default migration;
