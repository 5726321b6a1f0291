import type { Sql } from '../db/sql.ts';
import { Invalid } from '../runtime/domain-errors.ts';
import { timeZoneOf } from '../db/queries/organisers.ts';
import { dayIn, TIME_ZONE_MESSAGE, timeZoneName } from '../../src/common/time-zone.ts';

/**
 * An organiser's day (src/common/time-zone.ts):
 * the calls that judge "upcoming" (the Events list's `when` filter, its export and bulk delete,
 * the organiser dashboard) take the organiser's "today" from here, never from the server's UTC.
 *
 * The time zone is the organiser's saved one (profile, `companies.time_zone`) when it has one,
 * else `tz` (the console sends the browser's), else UTC. A `tz` that is given but not a known
 * time zone name is refused first: 422 `{ tz: [TIME_ZONE_MESSAGE] }`.
 */

/** The time zone whose day is organiser `companyId`'s: its saved one, else `tz`, else 'UTC'. 422 for a bad `tz`. */
export async function organiserTimeZone(sql: Sql, companyId: number, tz: string | undefined): Promise<string> {
  const asked = (tz ?? '').trim();
  const sent = asked === '' ? null : timeZoneName(asked);
  if (asked !== '' && !sent) throw new Invalid({ tz: [TIME_ZONE_MESSAGE] });
  return timeZoneName(await timeZoneOf(sql, companyId)) ?? sent ?? 'UTC';
}

/** Organiser `companyId`'s today (YYYY-MM-DD) at `at` (default now), in organiserTimeZone's zone. 422 for a bad `tz`. */
export const organiserToday = async (sql: Sql, companyId: number, tz: string | undefined, at = Date.now()): Promise<string> =>
  dayIn(await organiserTimeZone(sql, companyId, tz), at);
