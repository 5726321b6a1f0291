import type { Migration } from './migration.ts';

/**
 * Reports on schedule (docs/reports.md "Reports on schedule").
 *
 * - `report_schedules`: one scheduled report. `company_id` its organiser (NULL: a platform report,
 *   made by an administrator); `owner_id` the user who made it (the report stops, `status`
 *   'stopped', when that user can no longer reach it); `kind` event | sales | platform
 *   (`event_id` for event); the cadence `frequency`, `time` (HH:MM), `time_zone`, `weekday`,
 *   `month_day` (src/common/report-schedule.ts); `unsubscribe_key` the random key that signs its
 *   recipients' unsubscribe links (HMAC-SHA-256, never sent itself); `last_due_at` the latest due
 *   time sent (ms since 1970, a shortcut for the scheduler: the rule is report_sends' key).
 * - `report_recipients`: the users a schedule goes to; `unsubscribed_at` set by the e-mail's link.
 * - `report_sends`: one row per (schedule, due time) that went out, UNIQUE, written in the
 *   transaction that queues its e-mails: a second process (or a restarted one) inserting the
 *   same due time adds nothing, so each due time is sent once.
 * - `mail_attachments` and `outbox.attachment_id`: a file an outbox e-mail carries (the
 *   report's .xlsx, at most REPORT_ATTACHMENT_MAX bytes), shared by the e-mails of one send.
 */
const migration: Migration = {
  id: '044-report-schedules',
  sql: `CREATE TABLE report_schedules (id {{pk}}, company_id INTEGER REFERENCES companies(id) ON DELETE CASCADE, owner_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE, kind TEXT NOT NULL, event_id INTEGER REFERENCES events(id) ON DELETE CASCADE, name TEXT NOT NULL, frequency TEXT NOT NULL, time TEXT NOT NULL, time_zone TEXT NOT NULL, weekday INTEGER, month_day INTEGER, status TEXT NOT NULL DEFAULT 'active', stopped_reason TEXT NOT NULL DEFAULT '', unsubscribe_key TEXT NOT NULL, last_due_at BIGINT, created_at BIGINT NOT NULL, updated_at BIGINT NOT NULL);
CREATE INDEX report_schedules_company ON report_schedules (company_id, id);
CREATE INDEX report_schedules_status ON report_schedules (status);
CREATE TABLE report_recipients (schedule_id INTEGER NOT NULL REFERENCES report_schedules(id) ON DELETE CASCADE, user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE, unsubscribed_at BIGINT, PRIMARY KEY (schedule_id, user_id));
CREATE TABLE report_sends (id {{pk}}, schedule_id INTEGER NOT NULL REFERENCES report_schedules(id) ON DELETE CASCADE, due_at BIGINT NOT NULL, sent_at BIGINT NOT NULL, recipients INTEGER NOT NULL DEFAULT 0, UNIQUE (schedule_id, due_at));
CREATE TABLE mail_attachments (id {{pk}}, filename TEXT NOT NULL, content_type TEXT NOT NULL, bytes {{blob}} NOT NULL, created_at BIGINT NOT NULL);
ALTER TABLE outbox ADD COLUMN attachment_id INTEGER;
`,
};
export default migration;
