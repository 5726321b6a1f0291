import type { Sql } from '../db/sql.ts';
import { NotFound } from '../runtime/domain-errors.ts';
import * as q from '../db/queries/working-days.ts';
import type { WorkingDays } from '../../src/common/contract/organiser.ts';
import { recordActivity, type Who } from '../lib/activity/record.ts';
import { readRecord } from '../lib/activity/activity-records.ts';

/**
 * What the working-day calls do (organiser-console §2 "Working Days", §7 "resource: holiday"):
 * read and replace an organiser's days (ids 1 Sunday .. 7 Saturday) in one transaction.
 * routes/working-days.ts checks who asks and reads the input (common/contract/organiser.ts
 * WorkingDaysInput). Errors: 404 "Organizer not found." for no such organiser.
 */

/** Organiser `companyId`'s working days; 404 when there is no such organiser. */
export async function workingDaysOf(sql: Sql, companyId: number): Promise<WorkingDays> {
  if (!(await q.companyExists(sql, companyId))) throw new NotFound('Organizer');
  return { company_id: companyId, companydays: await q.workingDays(sql, companyId) };
}

/**
 * Replaces organiser `companyId`'s working days with `days` (checked ids, sorted) in one
 * transaction with its activity row (`who`, resource `working_days`); 404 when there is no such organiser.
 */
export async function replaceWorkingDays(sql: Sql, who: Who, companyId: number, days: number[]): Promise<WorkingDays> {
  await sql.transaction(async (tx) => {
    const before = await readRecord(tx, 'companies', companyId, { lock: true });
    if (!before) throw new NotFound('Organizer');
    await q.replaceWorkingDays(tx, companyId, days);
    await recordActivity(tx, who, {
      resource: 'working_days',
      action: 'update',
      id: companyId,
      label: String(before.name),
      organiserId: companyId,
      before,
      after: { ...before, days },
    });
  });
  return { company_id: companyId, companydays: days };
}
