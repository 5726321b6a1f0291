import type { Sql } from '../db/sql.ts';
import { NotFound } from '../runtime/domain-errors.ts';
import { companyExists } from '../db/queries/working-days.ts';
import { organiserDashboard } from '../db/queries/organiser-dashboard.ts';
import type { OrganiserDashboard } from '../../src/common/contract/organiser.ts';
import { organiserToday } from './organiser-day.ts';

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
