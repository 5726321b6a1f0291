import core from './001-core.ts';
import storedFiles from './002-stored-files.ts';
import lookupIndexes from './003-lookup-indexes.ts';

/** Ordered schema migrations; each runs once, in its own transaction, at start. Append only. */
export const migrations: { id: string; sql: string }[] = [
  { id: '001-core', sql: core },
  { id: '002-stored-files', sql: storedFiles },
  { id: '003-lookup-indexes', sql: lookupIndexes },
];
