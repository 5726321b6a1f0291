import type { Sql } from '../db/sql.ts';
import { Refused } from '../runtime/domain-errors.ts';
import type { AuthUser } from '../db/queries/auth.ts';
import { mayOpen } from '../lib/auth/screens.ts';
import * as q from '../db/queries/activity.ts';
import { ALL, type ListQuery, type Scope } from '../db/list-query.ts';

/**
 * The activity log as it is read: an organiser's user reads its own organiser's
 * rows only (any `organizer_id` filter it sends must be its own, else 403); staff need the screen
 * `activity` (a menu) and the ability "View activity" (admin holds both). Rows are never changed
 * through the API. An organiser sees who did what, but the address and browser only of its own
 * users' rows (ORGANISER_ACTIVITY_LIST): never those of platform staff or of anyone else.
 */
export const ACTIVITY_LIST = q.ACTIVITY_LIST;

/** The list `user` reads: ORGANISER_ACTIVITY_LIST for an organiser's user, else ACTIVITY_LIST (same filters, sorts and columns). */
export const activityListOf = (user: AuthUser) => (user.isCompany ? q.ORGANISER_ACTIVITY_LIST : q.ACTIVITY_LIST);

/**
 * The rows `user` may read with list query `lq`; 403 when none. Sign-ins are left out unless
 * `lq` asks for them (q.signInsHidden), so pages, counts and the CSV agree.
 */
export async function activityScope(sql: Sql, user: AuthUser, lq: ListQuery): Promise<Scope> {
  const hidden = q.signInsHidden(lq);
  if (user.isCompany) {
    if (lq.filters.organizer_id && Number(lq.filters.organizer_id) !== user.companyId) throw new Refused('This organiser is not yours.');
    return { where: `a.organizer_id = ?${hidden ? ` AND ${hidden}` : ''}`, params: [user.companyId ?? 0] };
  }
  if (!user.abilities.has('activity.view') || !(await mayOpen(sql, user, 'activity'))) throw new Refused('You do not have the permission to view activity.');
  return hidden ? { where: hidden, params: [] } : ALL;
}

/** One page of the activity `user` may read, newest first (10 a page; `per_page` up to 100), with each entry's record and import state. */
export const listActivity = async (sql: Sql, user: AuthUser, page: number, lq: ListQuery) =>
  q.listActivity(sql, activityListOf(user), page, lq, await activityScope(sql, user, lq));
