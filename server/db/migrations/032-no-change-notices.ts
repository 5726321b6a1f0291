import type { Migration } from './migration.ts';
import type { Sql } from '../sql.ts';

/**
 * PostgreSQL: the tables no longer announce their changes. The statement-level triggers of
 * migration 022 (`app_data_changed`, added again by 023 and 025–031) called `pg_notify` in
 * every writing transaction, and PostgreSQL serialises the commits of all transactions that
 * notify (one queue lock, held through each commit). List answers do not need the notices: a
 * process reuses an answer only while `pg_current_snapshot()` is unchanged, and that changes
 * whenever any transaction that wrote ends (db/postgres.ts `dataVersion`). Drops every table's
 * trigger and the function. SQLite had none.
 */
async function dropChangeNotices(tx: Sql): Promise<void> {
  if (tx.engine !== 'postgres') return;
  await tx.run(`DO $$
DECLARE t text;
BEGIN
  FOR t IN SELECT tablename FROM pg_tables WHERE schemaname = current_schema() LOOP
    EXECUTE format('DROP TRIGGER IF EXISTS app_data_changed ON %I', t);
  END LOOP;
END $$`);
  await tx.run('DROP FUNCTION IF EXISTS app_data_changed()');
}

const migration: Migration = { id: '032-no-change-notices', sql: '', run: dropChangeNotices };
export default migration;
