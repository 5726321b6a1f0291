import type { Migration } from './migration.ts';

/**
 * API tokens (docs/integrations.md "API tokens"): one row per token a user made in My
 * account → API tokens. `token_hash` is the SHA-256 (hex) of the whole secret (`ebo_…`), never
 * the secret; `prefix` its first characters, shown to tell tokens apart; `scopes` the scopes
 * granted, space-separated (src/common/api-tokens.ts); times are ms since 1970, `expires_at` on the
 * database's clock (db/clock.ts); `revoked_at` set once, by its owner's DELETE. `last_used_at` and
 * `last_used_ip`: its latest call (written at most once a minute per token and address).
 */
const migration: Migration = {
  id: '039-api-tokens',
  sql: `CREATE TABLE api_tokens (id {{pk}}, user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE, name TEXT NOT NULL, prefix TEXT NOT NULL, token_hash TEXT NOT NULL UNIQUE, scopes TEXT NOT NULL, created_at BIGINT NOT NULL, expires_at BIGINT NOT NULL, last_used_at BIGINT, last_used_ip TEXT NOT NULL DEFAULT '', revoked_at BIGINT);
CREATE INDEX api_tokens_user ON api_tokens (user_id, id);
`,
};
export default migration;
