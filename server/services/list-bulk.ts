import type { Sql } from '../db/sql.ts';
import { Conflict, Invalid, NotFound } from '../runtime/domain-errors.ts';
import { parseIdList } from '../../src/common/contract/rules.ts';
import { matchingIds, readListQuery, type ListSpec, type Scope } from '../db/list-query.ts';
import { countVisible, deleteFrom } from '../db/list-rows.ts';
import { forgetCounts } from '../db/list-page.ts';
import { bulkChanges, recordActivity, type Who } from '../lib/activity/record.ts';
import type { ActivityResource } from '../../src/common/activity.ts';

/** Most ids one bulk request may name. */
export const MAX_BULK_IDS = 1000;
/** Ids handed to `act` at a time. */
const CHUNK = 500;

/**
 * Bulk actions (wire contract "Bulk delete"): the body names `ids` (JSON list, at most 1000) or
 * `all=1` plus the list's filters (q, role, …). Inside ONE transaction the selection is checked
 * — every named id must lie in `scope`, else 404 and nothing changes — and `act` runs on the ids
 * in chunks; when it changed any row, the same transaction records `o.log`'s activity row (the
 * selection as bulkChanges words it). `o.refuse(ids)` may name a reason (409) before anything is
 * written, e.g. "your own account". Resolves to how many rows `act` changed.
 */
export async function bulkAct(
  sql: Sql,
  spec: ListSpec,
  input: Record<string, string | undefined>,
  scope: Scope,
  act: (tx: Sql, ids: number[]) => Promise<number>,
  o: { log: BulkLog; refuse?: (ids: number[]) => string | null },
): Promise<number> {
  const refuse = o.refuse;
  let named: number[] | null = null;
  if (input.ids !== undefined && input.ids !== '') {
    named = parseIdList(input.ids);
    if (!named || !named.length) throw new Invalid({ ids: ['The ids must be a JSON list of ids.'] });
    if (named.length > MAX_BULK_IDS) throw new Invalid({ ids: [`The ids may not have more than ${MAX_BULK_IDS} items.`] });
  } else if (input.all !== '1') throw new Invalid({ ids: ['The ids field is required when all is not 1.'] });
  const lq = named ? null : readListQuery(spec, { ...input, sort: undefined, dir: undefined, per_page: undefined });
  const reason = named && refuse?.(named);
  if (reason) throw new Conflict(reason);
  const changed = await sql.transaction(async (tx) => {
    let ids: number[];
    if (named) {
      ids = named;
      if ((await countVisible(tx, spec, scope, ids)) < ids.length) throw new NotFound('Some of the selected records were');
    } else ids = await matchingIds(tx, spec, lq!, scope);
    let changed = 0;
    for (let i = 0; i < ids.length; i += CHUNK) changed += await act(tx, ids.slice(i, i + CHUNK));
    const l = o.log;
    if (changed > 0) {
      await recordActivity(tx, l.who, {
        resource: l.resource,
        action: l.status === undefined ? 'bulk_delete' : 'bulk_status',
        id: null,
        label: '',
        changes: bulkChanges(input, l.status),
        organiserId: l.organiserId,
      });
    }
    return changed;
  });
  // A bulk action may bring a filter under the count cap: its lists count again (db/list-page.ts).
  forgetCounts();
  return changed;
}

/** The activity row of a bulk action: who, on which resource, the status it sets (bulk_status; none: bulk_delete), the organiser it belongs to (default the actor's). */
export interface BulkLog {
  who: Who;
  resource: ActivityResource;
  status?: number;
  organiserId?: number | null;
}

/** `act` for a plain delete from `table` by id (db/list-rows.ts). */
export { deleteFrom };
