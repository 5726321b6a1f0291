import { sqlMigration } from './migration.ts';
/**
 * The Activity screen at a million rows: searching the record label through an
 * index instead of reading every row, and the organiser console's usual filter (its organiser and
 * one action) through one index. Same approach as 007-list-search: on SQLite a trigram FTS5 table
 * over `activity.label` kept by triggers (rows are only inserted and pruned, never updated); on
 * PostgreSQL a pg_trgm GIN index under the plain `lower(label) LIKE`, skipped where the
 * extension is unavailable. Newest first is `at DESC, id DESC` (the time a person means, with the
 * id as tie-break), so a date range, an actor or an organiser reads its page straight off an
 * index ending in (at, id). Each statement stays on one line (migrate.ts splits at `;` + newline).
 */
/** The same on both engines: indexes ending in (at, id), replacing 019's ending in id. */
const INDEXES = `DROP INDEX activity_at;
CREATE INDEX activity_at_id ON activity (at, id);
DROP INDEX activity_actor;
CREATE INDEX activity_actor_at ON activity (actor_id, at, id);
DROP INDEX activity_organizer;
CREATE INDEX activity_organizer_at ON activity (organizer_id, at, id);
CREATE INDEX activity_organizer_action ON activity (organizer_id, action, at, id);
DROP INDEX activity_action;
CREATE INDEX activity_action_at ON activity (action, at, id);
`;

const sqlite = `
CREATE VIRTUAL TABLE activity_fts USING fts5(label, content='activity', content_rowid='id', tokenize='trigram');
INSERT INTO activity_fts (activity_fts) VALUES ('rebuild');
CREATE TRIGGER activity_fts_ai AFTER INSERT ON activity BEGIN INSERT INTO activity_fts (rowid, label) VALUES (new.id, new.label); END;
CREATE TRIGGER activity_fts_ad AFTER DELETE ON activity BEGIN INSERT INTO activity_fts (activity_fts, rowid, label) VALUES ('delete', old.id, old.label); END;
${INDEXES}`;

const postgres = `
DO $$ BEGIN CREATE EXTENSION IF NOT EXISTS pg_trgm; EXCEPTION WHEN OTHERS THEN RAISE NOTICE 'pg_trgm not available: activity search scans'; END $$;
DO $$ BEGIN IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') THEN CREATE INDEX activity_label_trgm ON activity USING gin (lower(label) gin_trgm_ops); END IF; END $$;
${INDEXES}`;

export default sqlMigration('020-activity-search', { sqlite, postgres });
