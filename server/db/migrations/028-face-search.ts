import type { Migration } from './migration.ts';
import { announceChanges } from './022-change-notices.ts';

/**
 * Face-search consent and retention per event (docs/participants.md "Face search"):
 *
 * - `face_search_settings`: one row per event whose organiser set it: `mode` off | consent,
 *   `retention_days` after the event's end date, `consent_version` (text), `purged_at` (ms, when
 *   the event's face data was purged; then face search is closed for good);
 * - `face_consents`: consent receipts: participant, version, time (ms), `source` sheet | gallery,
 *   `withdrawn_at` (ms, an erasure withdraws it); never an image;
 * - `face_erasures`: erasure receipts (participant and BIB at the time, `source` gallery |
 *   organiser, time);
 * - `recognition_face_deletions`: the built-in photo-recognition emulation's record of face-data
 *   deletions per recognition event (`bib_number` '' for the whole event, else one participant);
 *   it refuses face searches they cover.
 *
 * PostgreSQL: the new tables announce their changes as every table does.
 */
const migration: Migration = {
  id: '028-face-search',
  run: announceChanges,
  sql: `CREATE TABLE face_search_settings (event_id INTEGER PRIMARY KEY REFERENCES events(id) ON DELETE CASCADE, mode TEXT NOT NULL DEFAULT 'off', retention_days INTEGER NOT NULL DEFAULT 30, consent_version TEXT NOT NULL DEFAULT '', purged_at BIGINT, updated_at BIGINT NOT NULL);
CREATE TABLE face_consents (id {{pk}}, participant_id INTEGER NOT NULL REFERENCES participants(id) ON DELETE CASCADE, event_id INTEGER NOT NULL REFERENCES events(id) ON DELETE CASCADE, version TEXT NOT NULL DEFAULT '', source TEXT NOT NULL, created_at BIGINT NOT NULL, withdrawn_at BIGINT);
CREATE INDEX face_consents_event ON face_consents (event_id, id);
CREATE INDEX face_consents_participant ON face_consents (participant_id);
CREATE TABLE face_erasures (id {{pk}}, event_id INTEGER NOT NULL REFERENCES events(id) ON DELETE CASCADE, participant_id INTEGER REFERENCES participants(id) ON DELETE SET NULL, bib_number TEXT NOT NULL, source TEXT NOT NULL, created_at BIGINT NOT NULL);
CREATE INDEX face_erasures_event ON face_erasures (event_id, id);
CREATE TABLE recognition_face_deletions (id {{pk}}, recognition_event_id INTEGER NOT NULL, bib_number TEXT NOT NULL DEFAULT '', created_at BIGINT NOT NULL);
CREATE INDEX recognition_face_deletions_event ON recognition_face_deletions (recognition_event_id, bib_number);
`,
};
export default migration;
