import type { Migration } from './migration.ts';

/**
 * The administrators' dashboard's weekly figures (docs/insights.md "The administrators'
 * dashboard") read every event's roll-ups and the events made over 12 weeks: these indexes let
 * them read only those weeks' rows (the roll-ups' primary keys start with the event, so a range
 * of time alone scanned every row). The other weekly counts have theirs already (activity_at,
 * outbox_due by status and next_at, import jobs are few).
 */
const migration: Migration = {
  id: '046-platform-week-indexes',
  sql: `CREATE INDEX insight_slots_slot ON insight_slots (slot);
CREATE INDEX insight_sales_slot ON insight_sales (slot);
CREATE INDEX events_created ON events (created_at);
`,
};
export default migration;
