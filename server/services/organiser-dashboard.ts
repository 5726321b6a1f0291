import type { Sql } from '../db/sql.ts';
import { NotFound } from '../runtime/domain-errors.ts';
import { companyExists } from '../db/queries/working-days.ts';
import { organiserDashboard } from '../db/queries/organiser-dashboard.ts';
import type { OrganiserDashboard } from '../../src/common/contract/organiser.ts';

/**
 * Organiser `companyId`'s dashboard (organiser-console §2 "Dashboard"; contents ours): upcoming
 * events (not yet ended on `today`, YYYY-MM-DD UTC), Requested bookings and pending videos, each
 * the total and the first 5. 404 "Organizer not found." for no such organiser.
 */
export async function dashboardOf(sql: Sql, companyId: number, today = new Date().toISOString().slice(0, 10)): Promise<OrganiserDashboard> {
  if (!(await companyExists(sql, companyId))) throw new NotFound('Organizer');
  return organiserDashboard(sql, companyId, today) as Promise<OrganiserDashboard>;
}
