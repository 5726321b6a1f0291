import core from './001-core.ts';
import listIndexes from './002-list-indexes.ts';
import listSearch from './003-list-search.ts';

/**
 * Ordered schema migrations; each runs once, in its own transaction, at start. Append only.
 * `sql` is one text for both engines, or one per engine where they differ (search indexes).
 */
export const migrations: { id: string; sql: string | Record<'sqlite' | 'postgres', string> }[] = [
  { id: '001-core', sql: core },
  { id: '002-list-indexes', sql: listIndexes },
  { id: '003-list-search', sql: listSearch },
];
