import { sqlMigration } from './migration.ts';
/**
 * Participants (docs/participants.md):
 *
 * - `participants.import_job_id`: the participants import that added the row (null: added by
 *   hand), as users and photos carry theirs (migrations 018, 021), so an import can be undone
 *   (services/import-undo.ts); the partial index serves "the rows of job J".
 * - The gallery links end when the event's photos are removed: once an event's photo count
 *   (`event_photo_counts.n`, kept by the photo triggers of migrations 007 and 024) falls to 0,
 *   its participants lose their gallery token hash and their *notified* and *viewed* times, so
 *   every old link answers as a wrong one and notifying again (after new photos) sends a fresh
 *   link. *bought* (a recorded purchase) stays. One row trigger on the count, on both engines:
 *   it fires once per event however many photos went.
 *
 * Each statement on one line (migrate.ts splits at a `;` ending a line).
 */

const COLUMN = `ALTER TABLE participants ADD COLUMN import_job_id INTEGER;
CREATE INDEX participants_import_job ON participants (import_job_id) WHERE import_job_id IS NOT NULL;`;

/** The participants of event `${r}.event_id` whose gallery link ends. */
const END_LINKS = (r: string) =>
  `UPDATE participants SET gallery_token_hash = NULL, notified_at = NULL, viewed_at = NULL WHERE event_id = ${r}.event_id AND (gallery_token_hash IS NOT NULL OR notified_at IS NOT NULL OR viewed_at IS NOT NULL)`;

const sqlite = `${COLUMN}
CREATE TRIGGER participant_gallery_end AFTER UPDATE OF n ON event_photo_counts WHEN new.n <= 0 AND old.n > 0 BEGIN ${END_LINKS('new')}; END;
`;

const postgres = `${COLUMN}
CREATE FUNCTION participant_gallery_end() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN ${END_LINKS('NEW')}; RETURN NULL; END $$;
CREATE TRIGGER participant_gallery_end AFTER UPDATE OF n ON event_photo_counts FOR EACH ROW WHEN (NEW.n <= 0 AND OLD.n > 0) EXECUTE FUNCTION participant_gallery_end();
`;

export default sqlMigration('030-participant-imports', { sqlite, postgres });
