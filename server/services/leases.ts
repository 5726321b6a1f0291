import type { Sql } from '../db/sql.ts';
import type { AuthUser } from '../db/queries/auth.ts';
import { liveLease, pruneLeases, releaseLease, takeLease, type LeaseRow } from '../db/queries/leases.ts';
import { recordActivity, type Who } from '../lib/activity/record.ts';
import { Conflict } from '../runtime/domain-errors.ts';
import { LEASE_MS, TAKE_OVER } from '../../src/common/leases.ts';
import type { ActivityResource } from '../../src/common/activity.ts';
import type { LeaseHolder, LeaseState, LeaseTaken } from '../../src/common/contract/leases.ts';

/**
 * Edit leases (docs/live.md "Who is editing"): an open edit form holds the lease of its record for
 * LEASE_MS from its last renewal; another editor opening the record learns who holds it and may
 * take it over. The route (routes/leases.ts) has checked that the caller may edit the record
 * (`LeaseTarget`); everything here is about that one record.
 *
 * A take-over writes an activity row (action `take_over`, the editors' names in its changes) in
 * the same transaction: the change stream (lib/live/changes.ts) carries it at once to the editor
 * who lost the lease, whose form then turns read-only (src/lib/leases.ts). The lease itself is
 * not a change of the record: its version does not move (lib/activity/versions.ts).
 */

/** The record a lease call names, after the route's access check: its resource, id and organiser (null for an admin record). */
export interface LeaseTarget {
  resource: ActivityResource;
  id: number;
  organiserId: number | null;
}

/** Leases that ended longer ago than this are removed by the next take, ms. */
const PRUNE_AFTER_MS = 60 * 60_000;

const holderOf = (row: LeaseRow, user: AuthUser): LeaseHolder => ({
  name: row.user_name,
  since: row.since,
  expires_at: row.expires_at,
  own_user: row.user_id === user.id,
});

/** Who holds the lease of `t` now, or null. */
export async function leaseState(sql: Sql, user: AuthUser, t: LeaseTarget): Promise<LeaseState> {
  const row = await liveLease(sql, t.resource, t.id);
  return { holder: row ? holderOf(row, user) : null };
}

/**
 * Takes or renews the lease of `t` for the form `token` of `user` (one transaction). With
 * `takeOver` it is taken from whoever holds it, and when that is another form an activity row
 * `take_over` is recorded. Throws Conflict (409, data `{ holder }`) when another form holds it and
 * `takeOver` is false: a renewal after someone took the lease over answers that too.
 */
export function takeOrRenew(sql: Sql, user: AuthUser, who: Who, t: LeaseTarget, token: string, takeOver: boolean): Promise<LeaseTaken> {
  return sql.transaction(async (tx) => {
    tx.declare?.(['leases']);
    const before = takeOver ? await liveLease(tx, t.resource, t.id) : undefined;
    const row = await takeLease(tx, { resource: t.resource, id: t.id, token, userId: user.id, name: who.name, ms: LEASE_MS, force: takeOver });
    if (!row) {
      const holder = await liveLease(tx, t.resource, t.id);
      // Held a moment ago and expired since: the next call takes it.
      // Coded refusals (api-message-codes.ts error.leaseHeld / error.leaseHeldUnknown), said in the caller's language.
      throw new Conflict(holder ? `Being edited by ${holder.user_name}.` : 'Being edited by someone else.', {
        holder: holder ? holderOf(holder, user) : null,
      });
    }
    const takenFrom = before && (before.token !== token || before.user_id !== user.id) ? before : undefined;
    if (takenFrom) {
      await recordActivity(tx, who, {
        resource: t.resource,
        action: TAKE_OVER,
        id: t.id,
        label: '',
        changes: { editor: { from: takenFrom.user_name, to: who.name } },
        organiserId: t.organiserId,
      });
    } else if (row.since === row.expires_at - LEASE_MS) {
      // A fresh lease (not a renewal): a good moment to remove long-ended ones.
      await pruneLeases(tx, PRUNE_AFTER_MS);
    }
    return { lease: holderOf(row, user), taken_from: takenFrom?.user_name ?? null };
  });
}

/** Gives back the lease of `t` held by form `token` of `user`; nothing when it holds none (taken over, expired). */
export async function release(sql: Sql, user: AuthUser, t: LeaseTarget, token: string): Promise<void> {
  await releaseLease(sql, t.resource, t.id, token, user.id);
}
