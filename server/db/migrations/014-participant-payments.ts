import { sqlMigration } from './migration.ts';
/**
 * Participant payments the built-in photo-recognition emulation keeps (
 * docs/campaigns.md): one row per POST /events/payment/participant, the body as sent (JSON
 * text), removed with its recognition event.
 */
export default sqlMigration(
  '014-participant-payments',
  `
CREATE TABLE recognition_participant_payments (
  id {{pk}}, event_id INTEGER NOT NULL REFERENCES recognition_events(id) ON DELETE CASCADE,
  payload TEXT NOT NULL, created_at BIGINT NOT NULL);
CREATE INDEX recognition_participant_payments_event ON recognition_participant_payments (event_id, id);
`,
);
