import type { Sql } from '../db/sql.ts';
import { Invalid, NotFound } from '../runtime/domain-errors.ts';
import * as q from '../db/queries/closures.ts';
import { companyExists } from '../db/queries/working-days.ts';
import type { Closure, Closures } from '../../src/common/contract/organiser.ts';
import { recordActivity, type Who } from '../lib/activity/record.ts';

/**
 * Dated closures (docs/extensions.md, an extension of organiser-console §2 "Working Days"):
 * the dates an organiser does not work beyond its weekly days, each with an optional note.
 * A closed date refuses bookings: services/bookings.ts will not accept one on it. Changes record
 * their activity under the working days (resource working_days) in the same transaction.
 * Errors: 404 "Organizer not found." / "Closed date not found."; 422 for a date already closed.
 */

/** The words of a date that is closed twice. */
export const ALREADY_CLOSED = 'This date is already closed.';

/** Organiser `companyId`'s closed dates; 404 when there is no such organiser. */
export async function closuresOf(sql: Sql, companyId: number): Promise<Closures> {
  if (!(await companyExists(sql, companyId))) throw new NotFound('Organizer');
  return { company_id: companyId, closures: await q.closuresOf(sql, companyId) };
}

/** Closes `date` for organiser `companyId` with `note`; 404 for no such organiser, 422 when already closed. */
export async function addClosure(sql: Sql, who: Who, companyId: number, date: string, note: string): Promise<Closure> {
  return sql.transaction(async (tx) => {
    const org = await tx.get<{ name: string }>('SELECT name FROM companies WHERE id = ?', [companyId]);
    if (!org) throw new NotFound('Organizer');
    const id = await q.insertClosure(tx, companyId, date, note);
    if (id === null) throw new Invalid({ date: [ALREADY_CLOSED] });
    await recordActivity(tx, who, {
      resource: 'working_days',
      action: 'update',
      id: companyId,
      label: String(org.name),
      organiserId: companyId,
      changes: { closed_date: { from: null, to: note ? `${date} (${note})` : date } },
    });
    return { id: Number(id), company_id: companyId, date, note };
  });
}

/** Opens closure `id` of organiser `organiserId` again; 404 when absent (or not its). */
export async function removeClosure(sql: Sql, who: Who, organiserId: number, id: number): Promise<void> {
  await sql.transaction(async (tx) => {
    const found = await q.closure(tx, id);
    if (!found) throw new NotFound('Closed date');
    const org = await tx.get<{ name: string }>('SELECT name FROM companies WHERE id = ?', [found.company_id]);
    if (!(await q.deleteClosure(tx, organiserId, id))) throw new NotFound('Closed date');
    await recordActivity(tx, who, {
      resource: 'working_days',
      action: 'update',
      id: found.company_id,
      label: String(org?.name ?? ''),
      organiserId: found.company_id,
      changes: { closed_date: { from: found.note ? `${found.date} (${found.note})` : found.date, to: null } },
    });
  });
}
