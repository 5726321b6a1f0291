import core from './001-core.ts';
import listIndexes from './002-list-indexes.ts';

/** Ordered schema migrations; each runs once, in its own transaction, at start. Append only. */
export const migrations: { id: string; sql: string }[] = [
  { id: '001-core', sql: core },
  { id: '002-list-indexes', sql: listIndexes },
];
