import type { Sql } from '../db/sql.ts';
import { NotFound } from '../runtime/domain-errors.ts';
import { deleteImpact, type DeleteScope } from '../db/queries/leftovers.ts';
import { companyExists } from '../db/queries/working-days.ts';
import type { DeleteImpact } from '../../src/common/contract/admin.ts';

export type { DeleteScope };

/**
 * What else a delete removes (GET deleteImpact, contract DeleteImpact): counts by kind of what
 * deleting the organiser, event or campaign `scope` takes with it — only the kinds that apply
 * (an organiser: events, campaigns, photos, templates, videos, bookings, users, conference users).
 * The caller has checked the scope's access first (routes/delete-impact.ts). For an organiser,
 * 404 "Organizer not found." when `scope.id` names none.
 */
export async function deleteImpactOf(sql: Sql, scope: DeleteScope): Promise<DeleteImpact> {
  if (scope.kind === 'organiser' && !(Number.isInteger(scope.id) && (await companyExists(sql, scope.id)))) throw new NotFound('Organizer');
  return deleteImpact(sql, scope);
}
