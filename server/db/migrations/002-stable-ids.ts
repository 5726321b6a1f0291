import type { Migration } from './migration.ts';
import { rebuildWithAutoincrement } from '../sqlite-autoincrement.ts';

/**
 * Ids are never reused (DESIGN.md §3–§4: ids name things across systems): on SQLite every `id` table is rebuilt with
 * AUTOINCREMENT; PostgreSQL's SERIAL sequences never hand an id out twice already.
 * Recognition events also remember the organiser that created them (`company_id`, NULL when an
 * admin did), so the photo-recognition API can scope them to their organiser.
 */
export const stableIds: Migration = {
  id: '002-stable-ids',
  sql: 'ALTER TABLE recognition_events ADD COLUMN company_id INTEGER REFERENCES companies(id) ON DELETE SET NULL',
  foreignKeysOff: true,
  run: async (tx) => {
    if (tx.engine === 'sqlite') await rebuildWithAutoincrement(tx);
  },
};
