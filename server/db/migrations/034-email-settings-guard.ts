import type { Migration } from './migration.ts';
import type { Sql } from '../sql.ts';

/** Prefix of a password stored as typed, before passwords were sealed (lib/mail/smtp-password.ts LEGACY_PREFIX). */
const LEGACY_PREFIX = 'plain:';

/**
 * The e-mail settings guarded (docs/security.md "Who may change where e-mail goes", "SMTP password"):
 *
 * - `email_settings_changes`: one row per save that changed the e-mail settings, when (`at`, ms,
 *   the database's clock) and by whom (`user_id`). A reset or invitation link for an administrator
 *   waits while a change by someone who is not an administrator is under 24 hours old. Filled here
 *   from the activity log's settings rows that name an e-mail field (`at` the process clock then),
 *   so changes made before this release count too.
 * - The SMTP password at rest: a stored one is marked as kept from before (`plain:` + the password),
 *   in the row and in the waiting notices that carry the previous settings, so that every stored
 *   form says what it is. The first start with the two-step key seals it (lib/mail/smtp-password.ts
 *   sealLegacyPassword); without one (PostgreSQL without TWO_STEP_KEY) it stays marked and readable.
 */
const SQL = `CREATE TABLE email_settings_changes (id {{pk}}, at BIGINT NOT NULL, user_id INTEGER);
CREATE INDEX email_settings_changes_at ON email_settings_changes (at);
INSERT INTO email_settings_changes (at, user_id)
  SELECT at, actor_id FROM activity WHERE resource = 'settings' AND (changes LIKE '%"smtp_server":%' OR changes LIKE '%"smtp_email":%'
    OR changes LIKE '%"smtp_username":%' OR changes LIKE '%"smtp_password":%' OR changes LIKE '%"smtp_port":%' OR changes LIKE '%"smtp_type":%')
  ORDER BY id;
UPDATE email_settings SET smtp_password = '${LEGACY_PREFIX}' || smtp_password WHERE smtp_password <> '';
`;

/** The waiting notices' previous settings (JSON in body_html) get the same mark on their password. */
async function markWaitingNotices(tx: Sql): Promise<void> {
  const rows = await tx.all<{ id: number; body_html: string }>(
    "SELECT id, body_html FROM outbox WHERE kind = 'settings' AND status = 'waiting' AND body_html <> ''",
  );
  for (const row of rows) {
    let via: Record<string, unknown>;
    try {
      via = JSON.parse(row.body_html) as Record<string, unknown>;
    } catch {
      continue;
    }
    if (typeof via.smtp_password !== 'string' || via.smtp_password === '') continue;
    await tx.run('UPDATE outbox SET body_html = ? WHERE id = ?', [JSON.stringify({ ...via, smtp_password: LEGACY_PREFIX + via.smtp_password }), row.id]);
  }
}

const migration: Migration = { id: '034-email-settings-guard', sql: SQL, run: markWaitingNotices };
export default migration;
