import { sqlMigration } from './migration.ts';

/**
 * Signed webhooks (docs/webhooks.md):
 *
 * - `webhooks`: one endpoint. `company_id` is its organiser, NULL for a platform endpoint an
 *   administrator made. `events` is the JSON list of event types it receives. `secret` is the
 *   signing secret sealed with the two-step key (lib/auth/two-step-key.ts), never in clear;
 *   after a rotation `old_secret` (sealed too) signs as well until `old_secret_until` (ms).
 *   `enabled` 0 with `disabled_reason` 'failing' when the sender disabled it after failing for the
 *   configured period (`failing_since`, ms: the first failure since the last success), 'owner'
 *   when its owner did; `last_error` the latest failure in plain words.
 * - `webhook_deliveries`: one event for one endpoint, written in the transaction of the change
 *   that causes it. `message_id` (the `webhook-id` header, `msg_…`) is one per event, the same on
 *   every attempt and redelivery. `status` pending | delivered | failed (the schedule ran out).
 *   `next_at`, `lease_owner`, `lease_until` as the e-mail outbox's: times on the database's clock,
 *   one process at a time holds a delivery.
 * - `webhook_attempts`: one try: when, the answer's status code (NULL when none came), how long,
 *   the request's headers, the answer's first 1 KB, the failure in plain words, the next try.
 */
export default sqlMigration(
  '040-webhooks',
  `
CREATE TABLE webhooks (
  id {{pk}}, company_id INTEGER REFERENCES companies(id) ON DELETE CASCADE,
  url TEXT NOT NULL, description TEXT NOT NULL DEFAULT '', events TEXT NOT NULL DEFAULT '[]',
  secret TEXT NOT NULL, old_secret TEXT, old_secret_until BIGINT,
  enabled INTEGER NOT NULL DEFAULT 1, disabled_reason TEXT NOT NULL DEFAULT '', last_error TEXT NOT NULL DEFAULT '',
  failing_since BIGINT, created_at BIGINT NOT NULL, updated_at BIGINT NOT NULL);
CREATE INDEX webhooks_company ON webhooks (company_id);
CREATE TABLE webhook_deliveries (
  id {{pk}}, webhook_id INTEGER NOT NULL REFERENCES webhooks(id) ON DELETE CASCADE,
  message_id TEXT NOT NULL, type TEXT NOT NULL, payload TEXT NOT NULL,
  status TEXT NOT NULL DEFAULT 'pending', attempts INTEGER NOT NULL DEFAULT 0,
  next_at BIGINT NOT NULL, lease_owner TEXT, lease_until BIGINT,
  last_status INTEGER, last_error TEXT NOT NULL DEFAULT '', created_at BIGINT NOT NULL, delivered_at BIGINT);
CREATE INDEX webhook_deliveries_due ON webhook_deliveries (status, next_at);
CREATE INDEX webhook_deliveries_hook ON webhook_deliveries (webhook_id, id);
CREATE TABLE webhook_attempts (
  id {{pk}}, delivery_id INTEGER NOT NULL REFERENCES webhook_deliveries(id) ON DELETE CASCADE,
  at BIGINT NOT NULL, status_code INTEGER, duration_ms INTEGER NOT NULL DEFAULT 0,
  request_headers TEXT NOT NULL DEFAULT '', response TEXT NOT NULL DEFAULT '', error TEXT NOT NULL DEFAULT '', next_at BIGINT);
CREATE INDEX webhook_attempts_delivery ON webhook_attempts (delivery_id, id);
`,
);
