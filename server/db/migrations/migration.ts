import type { Sql } from '../sql.ts';

/**
 * One schema migration: `sql` (statements split on `;` at a line end, `{{pk}}` the engine's
 * auto-increment key, `{{blob}}` its binary type; one text for both engines, or one per engine
 * where they differ, e.g. search indexes) then `run` for steps that need code, both in one transaction.
 * `foreignKeysOff`: SQLite runs it with foreign keys off (a table rebuild), then checks them.
 */
export interface Migration { id: string; sql: string | Record<'sqlite' | 'postgres', string>; run?: (tx: Sql) => Promise<void>; foreignKeysOff?: boolean }
