import type { Sql } from '../db/sql.ts';
import { NotFound } from '../runtime/domain-errors.ts';
import { companyExists } from '../db/queries/working-days.ts';
import { organiserDashboard } from '../db/queries/organiser-dashboard.ts';
import type { OrganiserDashboard } from '../../src/common/contract/organiser.ts';
import { organiserToday } from './organiser-day.ts';
import { timeZoneOf } from '../db/queries/organisers.ts';
import { organiserInsights, readInsightsRange } from './insights.ts';
import type { OrganiserInsights } from '../../src/common/contract/insights.ts';

/**
 * Organiser `companyId`'s dashboard (organiser-console §2 "Dashboard"; contents ours): upcoming
 * events (not yet ended on the organiser's today: its saved time zone, else `tz`, the browser's,
 * else UTC; services/organiser-day.ts), Requested bookings and pending videos, each the total and
 * the first 5. 404 "Organizer not found." for no such organiser; 422 for a `tz` that is not a time zone name.
 */
export async function dashboardOf(sql: Sql, companyId: number, tz?: string): Promise<OrganiserDashboard> {
  if (!(await companyExists(sql, companyId))) throw new NotFound('Organizer');
  return organiserDashboard(sql, companyId, await organiserToday(sql, companyId, tz)) as Promise<OrganiserDashboard>;
}

/**
 * Organiser `companyId`'s insights across its events for its home (docs/insights.md "The
 * organiser's home"): the last 30 days up to today in `tz` (else its saved time zone, else UTC),
 * `now` in ms; revenue only when `revenue`. 404 "Organizer not found." for no such organiser;
 * 422 for a `tz` that is not a time zone name.
 */
export async function insightsOf(sql: Sql, companyId: number, tz: string | undefined, o: { revenue: boolean; now: number }): Promise<OrganiserInsights> {
  if (!(await companyExists(sql, companyId))) throw new NotFound('Organizer');
  const range = readInsightsRange({ tz: tz || undefined }, (await timeZoneOf(sql, companyId)) ?? '', o.now);
  return organiserInsights(sql, companyId, range, { revenue: o.revenue });
}
