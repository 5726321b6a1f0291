import { sqlMigration } from './migration.ts';
/**
 * Substring search that does not read every row (lists "q" at a million rows). Each statement
 * stays on one line: migrate.ts splits statements at a `;` that ends a line.
 *
 * SQLite: trigram FTS5 tables over users (name, email) and event photos (bid_number), kept in
 * step by triggers (rowid = the row's id); list-query.ts looks a 3+ character `q` up there.
 * The trigram tokenizer folds case, so the match stays case-insensitive.
 *
 * PostgreSQL: pg_trgm GIN indexes on the lower-cased columns, which the lists' plain
 * `lower(col) LIKE '%q%'` uses as it is. Creating the extension needs a role allowed to (it is a
 * trusted extension: the database owner may); where it is refused the indexes are skipped and
 * search falls back to a scan, so start-up never fails on it.
 *
 * Both: `event_photo_counts`, one row per event with photos, kept by triggers, so an unfiltered
 * photo list's total is one row read instead of counting a million index entries. PostgreSQL
 * counts per statement (transition tables): a per-row update of one counter row inside one big
 * import would pile up a row version per photo.
 */
const COUNTS = `CREATE TABLE event_photo_counts (event_id INTEGER PRIMARY KEY REFERENCES events(id) ON DELETE CASCADE, n BIGINT NOT NULL);
INSERT INTO event_photo_counts (event_id, n) SELECT event_id, COUNT(*) FROM event_photos GROUP BY event_id;`;

const sqlite = `
CREATE VIRTUAL TABLE users_fts USING fts5(name, email, content='users', content_rowid='id', tokenize='trigram');
INSERT INTO users_fts (users_fts) VALUES ('rebuild');
CREATE TRIGGER users_fts_ai AFTER INSERT ON users BEGIN INSERT INTO users_fts (rowid, name, email) VALUES (new.id, new.name, new.email); END;
CREATE TRIGGER users_fts_ad AFTER DELETE ON users BEGIN INSERT INTO users_fts (users_fts, rowid, name, email) VALUES ('delete', old.id, old.name, old.email); END;
CREATE TRIGGER users_fts_au AFTER UPDATE OF name, email ON users BEGIN INSERT INTO users_fts (users_fts, rowid, name, email) VALUES ('delete', old.id, old.name, old.email); INSERT INTO users_fts (rowid, name, email) VALUES (new.id, new.name, new.email); END;
CREATE VIRTUAL TABLE event_photos_fts USING fts5(bid_number, content='event_photos', content_rowid='id', tokenize='trigram');
INSERT INTO event_photos_fts (event_photos_fts) VALUES ('rebuild');
CREATE TRIGGER event_photos_fts_ai AFTER INSERT ON event_photos BEGIN INSERT INTO event_photos_fts (rowid, bid_number) VALUES (new.id, new.bid_number); END;
CREATE TRIGGER event_photos_fts_ad AFTER DELETE ON event_photos BEGIN INSERT INTO event_photos_fts (event_photos_fts, rowid, bid_number) VALUES ('delete', old.id, old.bid_number); END;
CREATE TRIGGER event_photos_fts_au AFTER UPDATE OF bid_number ON event_photos BEGIN INSERT INTO event_photos_fts (event_photos_fts, rowid, bid_number) VALUES ('delete', old.id, old.bid_number); INSERT INTO event_photos_fts (rowid, bid_number) VALUES (new.id, new.bid_number); END;
${COUNTS}
CREATE TRIGGER event_photo_counts_ai AFTER INSERT ON event_photos BEGIN INSERT INTO event_photo_counts (event_id, n) VALUES (new.event_id, 1) ON CONFLICT (event_id) DO UPDATE SET n = n + 1; END;
CREATE TRIGGER event_photo_counts_ad AFTER DELETE ON event_photos BEGIN UPDATE event_photo_counts SET n = n - 1 WHERE event_id = old.event_id; END;
`;

const trgm = (name: string, table: string, expr: string) =>
  `DO $$ BEGIN IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') THEN CREATE INDEX ${name} ON ${table} USING gin (${expr} gin_trgm_ops); END IF; END $$;`;

const postgres = `
DO $$ BEGIN CREATE EXTENSION IF NOT EXISTS pg_trgm; EXCEPTION WHEN OTHERS THEN RAISE NOTICE 'pg_trgm not available: list search scans'; END $$;
${trgm('users_name_trgm', 'users', 'lower(name)')}
${trgm('users_email_trgm', 'users', 'lower(email)')}
${trgm('event_photos_bid_trgm', 'event_photos', 'lower(bid_number)')}
${COUNTS}
CREATE FUNCTION event_photo_counts_add() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN INSERT INTO event_photo_counts (event_id, n) SELECT event_id, COUNT(*) FROM new_rows GROUP BY event_id ON CONFLICT (event_id) DO UPDATE SET n = event_photo_counts.n + EXCLUDED.n; RETURN NULL; END $$;
CREATE FUNCTION event_photo_counts_remove() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN UPDATE event_photo_counts c SET n = c.n - d.n FROM (SELECT event_id, COUNT(*) AS n FROM old_rows GROUP BY event_id) d WHERE c.event_id = d.event_id; RETURN NULL; END $$;
CREATE TRIGGER event_photo_counts_i AFTER INSERT ON event_photos REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION event_photo_counts_add();
CREATE TRIGGER event_photo_counts_d AFTER DELETE ON event_photos REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION event_photo_counts_remove();
`;

export default sqlMigration('007-list-search', { sqlite, postgres });
