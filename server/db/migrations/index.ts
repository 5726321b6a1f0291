import core from './001-core.ts';
import importJobs from './002-import-jobs.ts';

/** Ordered schema migrations; each runs once, in its own transaction, at start. Append only. */
export const migrations: { id: string; sql: string }[] = [
  { id: '001-core', sql: core },
  { id: '002-import-jobs', sql: importJobs },
];
