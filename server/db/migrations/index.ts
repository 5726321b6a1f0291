import type { Sql } from '../sql.ts';
import core from './001-core.ts';
import { stableIds } from './002-stable-ids.ts';
import { campaignSettings } from './003-campaign-settings.ts';

/**
 * One schema migration: `sql` (statements split on `;` at a line end, `{{pk}}` the engine's
 * auto-increment key) then `run` for steps that need code, both in one transaction.
 * `foreignKeysOff`: SQLite runs it with foreign keys off (a table rebuild), then checks them.
 */
export interface Migration { id: string; sql: string; run?: (tx: Sql) => Promise<void>; foreignKeysOff?: boolean }

/** Ordered schema migrations; each runs once, in its own transaction, at start. Append only. */
export const migrations: Migration[] = [
  { id: '001-core', sql: core },
  stableIds,
  campaignSettings,
];
