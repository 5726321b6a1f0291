import { sqlMigration } from './migration.ts';
/**
 * Throttle of link-bearing e-mails and password changes: one row per request
 * under a key (`link:acct:<e-mail>`, `link:ip:<address>`, `pw:acct:<user id>`, `pw:ip:<address>`);
 * `at` is milliseconds on the database's clock. Rows older than a day are swept as new ones come
 * (lib/auth/link-throttle.ts). Separate from the sign-in throttle's tables.
 *
 * Unused since lib/auth/link-throttle.ts counts on the sign-in throttle's `login_throttle` (migration
 * 011) under keys of its own; the table stays because migrations are append-only.
 */
export default sqlMigration(
  '017-link-throttle',
  `CREATE TABLE link_throttle (key TEXT NOT NULL, at BIGINT NOT NULL);
CREATE INDEX link_throttle_key ON link_throttle (key, at);
`,
);
