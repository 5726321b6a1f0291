import type { Sql } from '../db/sql.ts';
import { notFound } from '../http-error.ts';
import * as q from '../db/queries/working-days.ts';
import type { WorkingDays } from '../../src/common/contract/organiser.ts';

/**
 * What the working-day calls do (organiser-console §2 "Working Days", §7 "resource: holiday"):
 * read and replace an organiser's days (ids 1 Sunday .. 7 Saturday) in one transaction.
 * routes/working-days.ts checks who asks and reads the input (common/contract/organiser.ts
 * WorkingDaysInput). Errors: 404 "Organizer not found." for no such organiser.
 */

/** Organiser `companyId`'s working days; 404 when there is no such organiser. */
export async function workingDaysOf(sql: Sql, companyId: number): Promise<WorkingDays> {
  if (!(await q.companyExists(sql, companyId))) throw notFound('Organizer');
  return { company_id: companyId, companydays: await q.workingDays(sql, companyId) };
}

/** Replaces organiser `companyId`'s working days with `days` (checked ids, sorted) in one transaction; 404 when there is no such organiser. */
export async function replaceWorkingDays(sql: Sql, companyId: number, days: number[]): Promise<WorkingDays> {
  if (!(await q.companyExists(sql, companyId))) throw notFound('Organizer');
  await sql.transaction((tx) => q.replaceWorkingDays(tx, companyId, days));
  return { company_id: companyId, companydays: days };
}
