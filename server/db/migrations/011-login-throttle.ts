import { sqlMigration } from './migration.ts';
/**
 * The sign-in throttle's counters (docs/security.md "Limits"): one row per key
 * (`acct:<e-mail>` or `ip:<address>`), a fixed window per key. `hits` counts the attempts let
 * through in the window that ends at `reset_at` (ms by the database's clock, db/clock.ts); `lim`
 * is the key's limit and `granted` whether the key's latest attempt was let through (read back
 * by the same upsert, queries/throttle.ts). `reset_at` is indexed for the sweep of ended windows.
 *
 * It replaces `login_failures` (one row per attempt and e-mail-and-address pair), which is left
 * in place, unused: during a rolling restart processes of the previous release still write it.
 */
export default sqlMigration(
  '011-login-throttle',
  `CREATE TABLE login_throttle (key TEXT PRIMARY KEY, hits INTEGER NOT NULL, reset_at BIGINT NOT NULL, lim INTEGER NOT NULL, granted INTEGER NOT NULL);
CREATE INDEX login_throttle_reset ON login_throttle (reset_at);
`,
);
