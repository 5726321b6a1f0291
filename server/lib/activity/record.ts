import type { Sql } from '../../db/sql.ts';
import type { ActivityAction, ActivityResource, FieldChange } from '../../../src/common/activity.ts';
import * as q from '../../db/queries/activity.ts';
import { diff, readRecord, type RecordRow } from './activity-records.ts';
import { moveVersion, type VersionSlot } from './versions.ts';

/**
 * The activity log's one write (docs/architecture.md "Activity log"): every state-changing call
 * of both consoles writes one row **in the same transaction as its change**, written by the
 * service that makes the change (`recordActivity(tx, who, …)` after its write, before the
 * commit). A change that fails or rolls back therefore leaves no row, and a row never exists
 * without its change; a call that changes nothing (404, a refusal) reaches no recordActivity.
 * Secret columns (password hashes, the SMTP password, tokens) are recorded as "changed" only.
 */

/**
 * Who makes a call, as its row names them: plain facts the route hands to the service
 * (http/who.ts whoOf), so services never see the request.
 */
export interface Who {
  /** The signed-in user's id; null for a call without a session (a password set through an e-mailed link: the record is then its own actor). */
  id: number | null;
  name: string;
  /** 'company' for an organiser's user, else the user's first role's name; '' without a session. */
  role: string;
  /** The actor's organiser (company id); null for platform staff. */
  organiserId: number | null;
  /** The client's address (at most 64 characters), '' when unknown. */
  ip: string;
  /** The browser's User-Agent (at most 300 characters). */
  userAgent: string;
  /** False while the log is off (env ACTIVITY_LOG=0, only to measure its cost): recordActivity writes nothing. */
  logs: boolean;
  /** The request's If-Match and the version its write leaves (versions.ts VersionSlot); absent outside a request. */
  version?: VersionSlot;
}

/**
 * The actor's name an activity row carries: the user's, and for a call made with an API token
 * also the token's ("Ann (API token “sync” ebo_1a2b3c4d)"), so a write by token names it.
 */
export const actingName = (u: { name: string; apiToken?: { name: string; prefix: string } }) =>
  u.apiToken ? `${u.name} (API token “${u.apiToken.name}” ${u.apiToken.prefix})` : u.name;

/** One change as a service records it. */
export interface ActivityEntry {
  resource: ActivityResource;
  action: ActivityAction;
  /** The record's id (a created record's from its INSERT … RETURNING); null for calls on many (bulk). */
  id: number | null;
  /** The record's name at the time (cut at 200 characters). */
  label: string;
  /** The record before and after the change (readRecord, or a row the service read anyway): `changes` defaults to their diff. */
  before?: RecordRow;
  after?: RecordRow;
  /** Field -> change, when not the diff of before and after. */
  changes?: Record<string, FieldChange>;
  /** The version the write itself left when its own statement moved it (versions.ts versionCheck); else recordActivity moves it. */
  version?: number;
  /** The organiser the change belongs to; default the record's `company_id` when it has that column, else the actor's organiser. */
  organiserId?: number | null;
}

const MAX_LABEL = 200;

/** The organiser an entry belongs to (ActivityEntry.organiserId). */
function organiserOf(who: Who, e: ActivityEntry): number | null {
  if (e.organiserId !== undefined) return e.organiserId;
  const row = e.after ?? e.before;
  if (row && 'company_id' in row) return row.company_id == null ? null : Number(row.company_id);
  return who.organiserId;
}

/**
 * Writes the activity row of change `e` by `who` through `tx`, the transaction of the change
 * itself (nothing while the log is off), and moves the record's version (versions.ts moveVersion:
 * throws Stale, rolling the change back, when the request's If-Match is stale).
 */
export async function recordActivity(tx: Sql, who: Who, e: ActivityEntry): Promise<void> {
  // What the transaction changes, for the answers kept of it (db/data-version.ts), logged or not.
  tx.declare?.([e.resource]);
  // The record's version moves with every recorded write, checked against the request's If-Match (versions.ts).
  await moveVersion(tx, who.version, e);
  if (!who.logs) return;
  const changes = e.changes ?? diff(e.before, e.after);
  const self = who.id === null;
  await q.insertActivity(tx, {
    actor_id: self ? e.id : who.id,
    actor_name: self ? e.label : who.name,
    actor_role: who.role,
    organizer_id: organiserOf(who, e),
    action: e.action,
    resource: e.resource,
    resource_id: e.id,
    label: e.label.slice(0, MAX_LABEL),
    changes: Object.keys(changes).length ? JSON.stringify(changes) : '',
    ip: who.ip,
    user_agent: who.userAgent,
  });
}

/** A created record's entry: everything but the action, the id and the row, which `recordCreate` fills in. */
export type CreateEntry = Omit<ActivityEntry, 'action' | 'id' | 'before' | 'after'>;

/** Records the 'create' of row `id` of `table` by `who` through `tx`, the row read back as stored (the entry's `after`). */
export async function recordCreate(tx: Sql, who: Who, table: string, id: number, e: CreateEntry): Promise<void> {
  await recordActivity(tx, who, { ...e, action: 'create', id, after: await readRecord(tx, table, id) });
}

/**
 * Creates a record and its activity row in one transaction: `insert` writes the record through
 * `tx` and answers its id; then `recordCreate`. Resolves to the id; nothing is stored when either throws.
 */
export const createRecorded = (sql: Sql, who: Who, table: string, e: CreateEntry, insert: (tx: Sql) => Promise<number>): Promise<number> =>
  sql.transaction(async (tx) => {
    const id = await insert(tx);
    await recordCreate(tx, who, table, id, e);
    return id;
  });

const positive = (v: unknown) => {
  const n = Number(v);
  return Number.isInteger(n) && n > 0 && n < 2 ** 31 ? n : null;
};

/**
 * What a bulk call's row says: the ids it named (at most 1,000 by the list contract) and their
 * count, or "all matching"; `status` the status it set, for a bulk status change. `input`: the
 * selection as services/list-bulk.ts reads it (`ids` a JSON list, or `all=1`).
 */
export function bulkChanges(input: Record<string, string | undefined>, status?: number): Record<string, FieldChange> {
  let ids: number[] = [];
  try {
    const raw: unknown = JSON.parse(input.ids ?? '[]');
    if (Array.isArray(raw)) ids = raw.map(positive).filter((n): n is number => n !== null);
  } catch {
    /* none named */
  }
  const out: Record<string, FieldChange> =
    input.all === '1' || input.all === 'true'
      ? { ids: { from: null, to: 'all matching' } }
      : { ids: { from: null, to: ids.slice(0, 1000) }, count: { from: null, to: ids.length } };
  if (status !== undefined) out.status = { from: null, to: status };
  return out;
}
