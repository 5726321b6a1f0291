import type { Migration } from './migration.ts';
import type { Sql } from '../sql.ts';

/** The channel every committed change of the database is announced on (db/postgres-changes.ts). */
export const CHANGES_CHANNEL = 'app_data_changed';

/**
 * PostgreSQL: every table announces each statement that changes it on CHANGES_CHANNEL (a
 * statement-level trigger, so a 1,000-row INSERT is one notice; PostgreSQL delivers a
 * transaction's notices at its COMMIT, none on ROLLBACK, and folds repeats into one). Each API
 * process listens and so knows when another one has changed the data (list
 * answers are reused until then, http/answer-cache.ts). Idempotent: a later migration that
 * adds a table calls it again. SQLite needs nothing: its `PRAGMA data_version` tells the same.
 */
export async function announceChanges(tx: Sql): Promise<void> {
  if (tx.engine !== 'postgres') return;
  await tx.run(`CREATE OR REPLACE FUNCTION app_data_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('${CHANGES_CHANNEL}', '');
  RETURN NULL;
END $$`);
  await tx.run(`DO $$
DECLARE t text;
BEGIN
  FOR t IN SELECT tablename FROM pg_tables WHERE schemaname = current_schema() LOOP
    EXECUTE format('DROP TRIGGER IF EXISTS app_data_changed ON %I', t);
    EXECUTE format('CREATE TRIGGER app_data_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION app_data_changed()', t);
  END LOOP;
END $$`);
}

const migration: Migration = { id: '022-change-notices', sql: '', run: announceChanges };
export default migration;
