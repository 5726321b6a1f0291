import type { Migration } from './migration.ts';
import { announceChanges } from './022-change-notices.ts';
/**
 * Two-step sign-in (docs/security.md "Two-step sign-in"):
 *
 * - `two_step_totp`: one authenticator app per user. `secret` is the TOTP secret encrypted with
 *   the key kept outside the database (lib/auth/two-step-key.ts: AES-256-GCM), never the base32
 *   text; `confirmed_at` is null while enrolment waits for its first code; `last_step` the
 *   highest 30-second step a code was accepted for, so a code is accepted once.
 * - `two_step_recovery`: the SHA-256 of each recovery code, `used_at` once spent.
 * - `passkeys`: WebAuthn credentials (id and public key base64url, signature counter, transports
 *   comma-separated), named by their owner, with their last use.
 * - `two_step_challenges`: pending steps of a sign-in or a passkey ceremony, by the SHA-256 of
 *   the random challenge handed out; `purpose` mfa | passkey_register | passkey_sign_in;
 *   `remember` the Remember Me choice; `webauthn` the WebAuthn challenge it expects; `failures`
 *   wrong codes so far; expiry and use by the database's clock (ms).
 * - `roles.require_two_step`: members must turn two-step sign-in on before anything else.
 * - `tokens.signed_in_with`: password | password_code | password_passkey | passkey (My account → Sessions).
 *
 * PostgreSQL: the new tables announce their changes as every table does (announceChanges).
 * Each statement on one line or ending with `;` at a line end (migrate.ts splits there).
 */
const migration: Migration = {
  id: '025-two-step',
  run: announceChanges,
  sql: `CREATE TABLE two_step_totp (user_id INTEGER PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE, secret TEXT NOT NULL, confirmed_at BIGINT, last_step BIGINT NOT NULL DEFAULT 0, created_at BIGINT NOT NULL);
CREATE TABLE two_step_recovery (id {{pk}}, user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE, code_hash TEXT NOT NULL, used_at BIGINT);
CREATE INDEX two_step_recovery_user ON two_step_recovery (user_id);
CREATE TABLE passkeys (id {{pk}}, user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE, credential_id TEXT NOT NULL UNIQUE, public_key TEXT NOT NULL, counter BIGINT NOT NULL DEFAULT 0, transports TEXT NOT NULL DEFAULT '', name TEXT NOT NULL, created_at BIGINT NOT NULL, last_used_at BIGINT);
CREATE INDEX passkeys_user ON passkeys (user_id);
CREATE TABLE two_step_challenges (id {{pk}}, challenge_hash TEXT NOT NULL UNIQUE, purpose TEXT NOT NULL, user_id INTEGER REFERENCES users(id) ON DELETE CASCADE, remember INTEGER NOT NULL DEFAULT 0, webauthn TEXT NOT NULL DEFAULT '', failures INTEGER NOT NULL DEFAULT 0, expires_at BIGINT NOT NULL, used_at BIGINT);
CREATE INDEX two_step_challenges_expiry ON two_step_challenges (expires_at);
ALTER TABLE roles ADD COLUMN require_two_step INTEGER NOT NULL DEFAULT 0;
ALTER TABLE tokens ADD COLUMN signed_in_with TEXT NOT NULL DEFAULT 'password';
`,
};
export default migration;
