import { sqlMigration } from './migration.ts';
/**
 * The whole users total without counting a million rows (admin-area §3 "1,234 users"):
 * `row_counts` holds one row per counted table ('users'), kept in step by triggers, so an
 * unfiltered Users list reads one row for its total. Searches and filters still count their
 * matches. Each statement stays on one line: migrate.ts splits statements at a `;` that ends a line.
 *
 * SQLite adds and subtracts per row. PostgreSQL counts per statement (transition tables), as
 * `event_photo_counts` does in 007: one update per INSERT, not a row version per imported user.
 */
const COUNTS = `CREATE TABLE row_counts (name VARCHAR(64) PRIMARY KEY, n BIGINT NOT NULL);
INSERT INTO row_counts (name, n) SELECT 'users', COUNT(*) FROM users;`;

const sqlite = `${COUNTS}
CREATE TRIGGER users_count_ai AFTER INSERT ON users BEGIN UPDATE row_counts SET n = n + 1 WHERE name = 'users'; END;
CREATE TRIGGER users_count_ad AFTER DELETE ON users BEGIN UPDATE row_counts SET n = n - 1 WHERE name = 'users'; END;
`;

const postgres = `${COUNTS}
CREATE FUNCTION users_count_add() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN UPDATE row_counts SET n = n + (SELECT COUNT(*) FROM new_rows) WHERE name = 'users'; RETURN NULL; END $$;
CREATE FUNCTION users_count_remove() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN UPDATE row_counts SET n = n - (SELECT COUNT(*) FROM old_rows) WHERE name = 'users'; RETURN NULL; END $$;
CREATE TRIGGER users_count_i AFTER INSERT ON users REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION users_count_add();
CREATE TRIGGER users_count_d AFTER DELETE ON users REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION users_count_remove();
`;

export default sqlMigration('010-user-count', { sqlite, postgres });
