import type { Sql } from '../sql.ts';

/**
 * One schema migration: `sql` (statements split on `;` at a line end, `{{pk}}` the engine's
 * auto-increment key, `{{blob}}` its binary type; one text for both engines, or one per engine
 * where they differ, e.g. search indexes) then `run` for steps that need code, both in one transaction.
 * `foreignKeysOff`: SQLite runs it with foreign keys off (a table rebuild), then checks them.
 */
export interface Migration {
  id: string;
  sql: string | Record<'sqlite' | 'postgres', string>;
  run?: (tx: Sql) => Promise<void>;
  foreignKeysOff?: boolean;
}

/** A migration that is only SQL (one text, or one per engine), under its `id` (e.g. '005-lookup-indexes'). */
export const sqlMigration = (id: string, sql: Migration['sql']): Migration => ({ id, sql });
