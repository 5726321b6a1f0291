import type { Migration } from './migration.ts';
import core from './001-core.ts';
import { stableIds } from './002-stable-ids.ts';
import abilities from './003-abilities.ts';

export type { Migration };


/** Ordered schema migrations; each runs once, in its own transaction, at start. Append only. */
export const migrations: Migration[] = [
  { id: '001-core', sql: core },
  stableIds,
  { id: '003-abilities', sql: abilities },
];
