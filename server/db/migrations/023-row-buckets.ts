import type { Migration } from './migration.ts';
import { announceChanges } from './022-change-notices.ts';

/** Ids per bucket of `row_buckets`: a far page starts at most this many rows into its bucket. */
export const ROW_BUCKET = 1024;

/**
 * Far pages of a whole list by their number ("any page"): `row_buckets` counts the
 * rows of a table per ROW_BUCKET ids (bucket = id / ROW_BUCKET), kept in step by triggers as
 * `row_counts` is (010). Page k of the users in id order then starts in the bucket where the
 * running sum passes (k - 1) × per_page: ~1,000 small rows summed and an OFFSET under
 * ROW_BUCKET, instead of an OFFSET walking half a million rows (db/list-page.ts). Each statement on
 * one line (migrate.ts splits at a `;` ending a line). SQLite counts per row, PostgreSQL per
 * statement (transition tables: one upsert per bucket an import touches, not per row).
 */
const TABLE = `CREATE TABLE row_buckets (name VARCHAR(64) NOT NULL, bucket BIGINT NOT NULL, n BIGINT NOT NULL, PRIMARY KEY (name, bucket));
INSERT INTO row_buckets (name, bucket, n) SELECT 'users', id / ${ROW_BUCKET}, COUNT(*) FROM users GROUP BY id / ${ROW_BUCKET};`;

const sqlite = `${TABLE}
CREATE TRIGGER users_bucket_ai AFTER INSERT ON users BEGIN INSERT INTO row_buckets (name, bucket, n) VALUES ('users', NEW.id / ${ROW_BUCKET}, 1) ON CONFLICT (name, bucket) DO UPDATE SET n = n + 1; END;
CREATE TRIGGER users_bucket_ad AFTER DELETE ON users BEGIN UPDATE row_buckets SET n = n - 1 WHERE name = 'users' AND bucket = OLD.id / ${ROW_BUCKET}; END;
`;

const postgres = `${TABLE}
CREATE FUNCTION users_bucket_add() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN INSERT INTO row_buckets (name, bucket, n) SELECT 'users', id / ${ROW_BUCKET}, COUNT(*) FROM new_rows GROUP BY id / ${ROW_BUCKET} ON CONFLICT (name, bucket) DO UPDATE SET n = row_buckets.n + EXCLUDED.n; RETURN NULL; END $$;
CREATE FUNCTION users_bucket_remove() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN UPDATE row_buckets b SET n = b.n - d.n FROM (SELECT id / ${ROW_BUCKET} AS bucket, COUNT(*) AS n FROM old_rows GROUP BY id / ${ROW_BUCKET}) d WHERE b.name = 'users' AND b.bucket = d.bucket; RETURN NULL; END $$;
CREATE TRIGGER users_bucket_i AFTER INSERT ON users REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION users_bucket_add();
CREATE TRIGGER users_bucket_d AFTER DELETE ON users REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION users_bucket_remove();
`;

// The new table announces its changes like every other (022).
const migration: Migration = { id: '023-row-buckets', sql: { sqlite, postgres }, run: announceChanges };
export default migration;
