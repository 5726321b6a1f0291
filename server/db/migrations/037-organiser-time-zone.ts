import type { Migration } from './migration.ts';

/**
 * An organiser's time zone (src/common/time-zone.ts): `companies.time_zone`, an IANA name such as
 * "Europe/London", or '' while not chosen (the console then sends the browser's). It decides the
 * organiser's "today" for its upcoming events and dashboard.
 */
const migration: Migration = {
  id: '037-organiser-time-zone',
  sql: `ALTER TABLE companies ADD COLUMN time_zone TEXT NOT NULL DEFAULT '';
`,
};
export default migration;
