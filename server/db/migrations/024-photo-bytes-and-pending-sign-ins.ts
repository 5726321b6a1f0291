import { sqlMigration } from './migration.ts';
/**
 * Two counters kept beside rows that already exist (docs/security.md "Limits"):
 *
 * - `event_photo_counts.bytes`: the text an event's photo rows take (PHOTO_BYTES of each row: bid
 *   number, both image links, price and orientation, one byte per character), kept by the same
 *   triggers as its `n` (migration 007) plus one on update (a re-import replaces rows in place),
 *   so an organiser's storage (db/queries/storage.ts) adds one row per event instead of reading
 *   every photo. PostgreSQL counts per statement (transition tables), SQLite per row.
 * - `login_throttle.pending`: sign-ins let through and not yet answered (lib/auth/sign-in-throttle.ts).
 *   `hits` then counts only failed ones; a key lets an attempt through while failures and
 *   pending together are under its limit, so parallel guesses still cannot pass the limit, and an
 *   attempt that succeeds never counts.
 *
 * Each statement on one line (migrate.ts splits at a `;` ending a line).
 */

/** The bytes one photo row takes, over the row alias `r` (new, old, or a table alias). */
export const PHOTO_BYTES = (r: string) =>
  `(length(${r}.bid_number) + length(${r}.low_res_image) + length(${r}.high_res_image) + length(${r}.price) + length(${r}.orientation))`;

const COLUMNS = `ALTER TABLE login_throttle ADD COLUMN pending INTEGER NOT NULL DEFAULT 0;
ALTER TABLE event_photo_counts ADD COLUMN bytes BIGINT NOT NULL DEFAULT 0;`;

const sqlite = `${COLUMNS}
UPDATE event_photo_counts SET bytes = COALESCE((SELECT SUM(${PHOTO_BYTES('p')}) FROM event_photos p WHERE p.event_id = event_photo_counts.event_id), 0);
DROP TRIGGER event_photo_counts_ai;
DROP TRIGGER event_photo_counts_ad;
CREATE TRIGGER event_photo_counts_ai AFTER INSERT ON event_photos BEGIN INSERT INTO event_photo_counts (event_id, n, bytes) VALUES (new.event_id, 1, ${PHOTO_BYTES('new')}) ON CONFLICT (event_id) DO UPDATE SET n = n + 1, bytes = bytes + excluded.bytes; END;
CREATE TRIGGER event_photo_counts_ad AFTER DELETE ON event_photos BEGIN UPDATE event_photo_counts SET n = n - 1, bytes = bytes - ${PHOTO_BYTES('old')} WHERE event_id = old.event_id; END;
CREATE TRIGGER event_photo_counts_au AFTER UPDATE OF bid_number, low_res_image, high_res_image, price, orientation ON event_photos BEGIN UPDATE event_photo_counts SET bytes = bytes - ${PHOTO_BYTES('old')} + ${PHOTO_BYTES('new')} WHERE event_id = new.event_id; END;
`;

const postgres = `${COLUMNS}
UPDATE event_photo_counts c SET bytes = s.bytes FROM (SELECT p.event_id, SUM(${PHOTO_BYTES('p')}) AS bytes FROM event_photos p GROUP BY p.event_id) s WHERE s.event_id = c.event_id;
CREATE OR REPLACE FUNCTION event_photo_counts_add() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN INSERT INTO event_photo_counts (event_id, n, bytes) SELECT r.event_id, COUNT(*), SUM(${PHOTO_BYTES('r')}) FROM new_rows r GROUP BY r.event_id ON CONFLICT (event_id) DO UPDATE SET n = event_photo_counts.n + EXCLUDED.n, bytes = event_photo_counts.bytes + EXCLUDED.bytes; RETURN NULL; END $$;
CREATE OR REPLACE FUNCTION event_photo_counts_remove() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN UPDATE event_photo_counts c SET n = c.n - d.n, bytes = c.bytes - d.bytes FROM (SELECT r.event_id, COUNT(*) AS n, SUM(${PHOTO_BYTES('r')}) AS bytes FROM old_rows r GROUP BY r.event_id) d WHERE c.event_id = d.event_id; RETURN NULL; END $$;
CREATE FUNCTION event_photo_counts_change() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN UPDATE event_photo_counts c SET bytes = c.bytes + d.bytes FROM (SELECT x.event_id, SUM(x.b) AS bytes FROM (SELECT r.event_id, ${PHOTO_BYTES('r')} AS b FROM new_rows r UNION ALL SELECT r.event_id, -${PHOTO_BYTES('r')} FROM old_rows r) x GROUP BY x.event_id) d WHERE c.event_id = d.event_id; RETURN NULL; END $$;
CREATE TRIGGER event_photo_counts_u AFTER UPDATE ON event_photos REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION event_photo_counts_change();
`;

export default sqlMigration('024-photo-bytes-and-pending-sign-ins', { sqlite, postgres });
