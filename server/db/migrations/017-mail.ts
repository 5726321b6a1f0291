import { sqlMigration } from './migration.ts';
/**
 * E-mail and self-service accounts.
 *
 * - `outbox`: every e-mail the product sends, written in the transaction of the action that
 *   causes it, sent later by lib/mail/sender.ts. `kind` test | reset | invite | booking;
 *   `status` waiting | sent | failed | skipped. Reset and invitation rows carry no body: their
 *   link is made when the row is sent (`ref_id` the user for invite), so no token is ever stored
 *   in clear. `next_at`, `lease_until`, `created_at`, `sent_at` are milliseconds on the
 *   database's clock (claims compare them with it, so two hosts' clocks never disagree about a
 *   lease); `lease_owner` is the sender process holding the row.
 * - `account_tokens`: reset and invitation links. The link is `selector.secret`; only the
 *   secret's SHA-256 is stored, compared in constant time. `used_at` makes it single use.
 * - `tokens` (sessions) learn the browser (`user_agent`, at most 400 characters), the address
 *   (`ip`) and `last_used_at` for My account → Sessions.
 * - SMTP Type becomes one of ssl | tls | none ('' until chosen); older free text is mapped.
 */
export default sqlMigration(
  '017-mail',
  `
CREATE TABLE outbox (
  id {{pk}}, kind TEXT NOT NULL, to_address TEXT NOT NULL, to_name TEXT NOT NULL DEFAULT '',
  subject TEXT NOT NULL DEFAULT '', body_text TEXT NOT NULL DEFAULT '', body_html TEXT NOT NULL DEFAULT '',
  ref_id INTEGER, status TEXT NOT NULL DEFAULT 'waiting', attempts INTEGER NOT NULL DEFAULT 0,
  last_error TEXT NOT NULL DEFAULT '', next_at BIGINT NOT NULL, lease_owner TEXT, lease_until BIGINT,
  created_at BIGINT NOT NULL, sent_at BIGINT);
CREATE INDEX outbox_due ON outbox (status, next_at);
CREATE TABLE account_tokens (
  id {{pk}}, user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  purpose TEXT NOT NULL, selector TEXT NOT NULL UNIQUE, secret_hash TEXT NOT NULL,
  expires_at BIGINT NOT NULL, used_at BIGINT, created_at BIGINT NOT NULL);
CREATE INDEX account_tokens_user ON account_tokens (user_id, purpose);
ALTER TABLE tokens ADD COLUMN user_agent TEXT NOT NULL DEFAULT '';
ALTER TABLE tokens ADD COLUMN ip TEXT NOT NULL DEFAULT '';
ALTER TABLE tokens ADD COLUMN last_used_at BIGINT;
UPDATE email_settings SET smtp_type = CASE lower(trim(smtp_type)) WHEN 'ssl' THEN 'ssl' WHEN 'tls' THEN 'tls' WHEN 'starttls' THEN 'tls' WHEN 'none' THEN 'none' ELSE '' END;
`,
);
