import { sqlMigration } from './migration.ts';

/**
 * The lock of a user's second-step codes (docs/security.md "Two-step sign-in", "Second step
 * locked"): `two_step_guard` holds per user how many wrong codes (authenticator or recovery) came
 * in a row, `wrong`, reset by a right one, and `locked_at` (ms) once CODE_LOCK_AFTER came: codes
 * are then refused until the owner's e-mailed link or an administrator unlocks them. A code
 * attempt locks its user's row for its check, so parallel guesses are counted one by one.
 * Unlock links are `account_tokens` rows of purpose `unlock` (no schema change).
 */
export default sqlMigration(
  '035-two-step-lock',
  `CREATE TABLE two_step_guard (user_id INTEGER PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE, wrong INTEGER NOT NULL DEFAULT 0, locked_at BIGINT);
`,
);
