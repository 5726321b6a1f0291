import { sqlMigration } from './migration.ts';
/**
 * `participants.photo_matches`: how many photos of the participant's event carry its BIB
 * (`event_photos.bid_number`, exact text), kept by triggers on both tables, so the funnel's
 * *matched* stage (docs/participants.md) reads a column of the event's participants instead of
 * looking the photos up once per participant. PostgreSQL counts photo changes per statement
 * (transition tables, as migration 024), SQLite per row; a participant added or given another
 * BIB counts its photos itself. `participants_funnel` covers the funnel's columns, so counting an
 * event's stages reads the index alone.
 *
 * Each statement on one line (migrate.ts splits at a `;` ending a line).
 */

const MATCHES_OF = (r: string) => `(SELECT COUNT(*) FROM event_photos ph WHERE ph.event_id = ${r}.event_id AND ph.bid_number = ${r}.bib_number)`;

const sqlite = `ALTER TABLE participants ADD COLUMN photo_matches INTEGER NOT NULL DEFAULT 0;
UPDATE participants SET photo_matches = ${MATCHES_OF('participants')};
CREATE INDEX participants_funnel ON participants (event_id, photo_matches, notified_at, viewed_at, bought_at);
CREATE TRIGGER participant_matches_photo_ai AFTER INSERT ON event_photos BEGIN UPDATE participants SET photo_matches = photo_matches + 1 WHERE event_id = new.event_id AND bib_number = new.bid_number; END;
CREATE TRIGGER participant_matches_photo_ad AFTER DELETE ON event_photos BEGIN UPDATE participants SET photo_matches = photo_matches - 1 WHERE event_id = old.event_id AND bib_number = old.bid_number; END;
CREATE TRIGGER participant_matches_photo_au AFTER UPDATE OF bid_number, event_id ON event_photos BEGIN UPDATE participants SET photo_matches = photo_matches - 1 WHERE event_id = old.event_id AND bib_number = old.bid_number; UPDATE participants SET photo_matches = photo_matches + 1 WHERE event_id = new.event_id AND bib_number = new.bid_number; END;
CREATE TRIGGER participant_matches_ai AFTER INSERT ON participants BEGIN UPDATE participants SET photo_matches = ${MATCHES_OF('new')} WHERE id = new.id; END;
CREATE TRIGGER participant_matches_au AFTER UPDATE OF bib_number, event_id ON participants BEGIN UPDATE participants SET photo_matches = ${MATCHES_OF('new')} WHERE id = new.id; END;
`;

const postgres = `ALTER TABLE participants ADD COLUMN photo_matches INTEGER NOT NULL DEFAULT 0;
UPDATE participants p SET photo_matches = s.n FROM (SELECT ph.event_id, ph.bid_number, COUNT(*) AS n FROM event_photos ph GROUP BY ph.event_id, ph.bid_number) s WHERE s.event_id = p.event_id AND s.bid_number = p.bib_number;
CREATE INDEX participants_funnel ON participants (event_id, photo_matches, notified_at, viewed_at, bought_at);
CREATE FUNCTION participant_matches_change() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN IF TG_OP IN ('INSERT', 'UPDATE') THEN UPDATE participants p SET photo_matches = p.photo_matches + d.n FROM (SELECT r.event_id, r.bid_number, COUNT(*) AS n FROM new_rows r GROUP BY r.event_id, r.bid_number) d WHERE p.event_id = d.event_id AND p.bib_number = d.bid_number; END IF; IF TG_OP IN ('DELETE', 'UPDATE') THEN UPDATE participants p SET photo_matches = p.photo_matches - d.n FROM (SELECT r.event_id, r.bid_number, COUNT(*) AS n FROM old_rows r GROUP BY r.event_id, r.bid_number) d WHERE p.event_id = d.event_id AND p.bib_number = d.bid_number; END IF; RETURN NULL; END $$;
CREATE TRIGGER participant_matches_photo_i AFTER INSERT ON event_photos REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION participant_matches_change();
CREATE TRIGGER participant_matches_photo_d AFTER DELETE ON event_photos REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION participant_matches_change();
CREATE TRIGGER participant_matches_photo_u AFTER UPDATE ON event_photos REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION participant_matches_change();
CREATE FUNCTION participant_matches_own() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN NEW.photo_matches := ${MATCHES_OF('NEW')}; RETURN NEW; END $$;
CREATE TRIGGER participant_matches_own BEFORE INSERT OR UPDATE OF bib_number, event_id ON participants FOR EACH ROW EXECUTE FUNCTION participant_matches_own();
`;

export default sqlMigration('029-participant-matches', { sqlite, postgres });
