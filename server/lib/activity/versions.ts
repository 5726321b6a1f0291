import type { Sql } from '../../db/sql.ts';
import { Stale } from '../../runtime/domain-errors.ts';
import type { ResourceKey } from '../../../src/common/resources.ts';
import { VERSIONED } from '../../../src/common/versioned-resources.ts';
import type { RecordRow } from './activity-records.ts';

/**
 * Record versions (docs/live.md "Versions and If-Match"). Every versioned table
 * (src/common/resources.ts `versions`) has a `version` column; every recorded write of one of its
 * rows (recordActivity, in the write's own transaction) moves it here:
 *
 *   UPDATE <table> SET version = version + 1 WHERE id = ? [AND version = <If-Match>] RETURNING version
 *
 * The If-Match check is that UPDATE's WHERE, so it is race-free: on PostgreSQL the transaction
 * already holds the row's lock from its own write, and a second editor's UPDATE re-reads the row
 * after the first commits (and finds the version moved); SQLite has one writer at a time. When the
 * check fails the call throws Stale (412) and the transaction, the record's own write included,
 * rolls back. A delete cannot move the version of a row it removed: its check compares the row's
 * version as deleted (the entry's `before`, read by the write itself) instead.
 *
 * A request without If-Match keeps the last-save-wins behaviour of older clients; its writes still
 * move the version, so every other editor's If-Match goes stale.
 */

/**
 * What one request expects and learns of its record's version: the record its route names
 * (`resource`, `id`; only a versioned route's request names one, http/middleware/versions.ts);
 * `expected`, the version its If-Match names (NaN for one that names none of ours: never matches);
 * `used` once that record's write has been checked against it (other records the same call
 * touches are moved, never checked); `written`, the version that write left (the answer's ETag).
 */
export interface VersionSlot {
  resource?: string;
  id?: number;
  expected?: number;
  used?: boolean;
  written?: number;
}

/** Who changed a record last, as its newest activity row says: their name and when (ms since 1970). */
export interface ChangedBy {
  name: string;
  at: number;
}

/** Columns never sent back in a 412's record. */
const HIDDEN = /password|token|secret|hash|recovery|otp/i;

/** The record a 412 answers: the stored row without secret columns. */
const visible = (row: RecordRow | undefined): RecordRow =>
  Object.fromEntries(Object.entries(row ?? {}).filter(([k, v]) => !HIDDEN.test(k) && !(v instanceof Buffer)));

/** The newest activity row's actor and time for record `id` of `resource`, or null when none is kept. */
export async function lastChange(sql: Sql, resource: string, id: number): Promise<ChangedBy | null> {
  const row = await sql.get<{ actor_name: string; at: number | string }>(
    'SELECT actor_name, at FROM activity WHERE resource = ? AND resource_id = ? ORDER BY id DESC LIMIT 1',
    [resource, id],
  );
  return row ? { name: row.actor_name, at: Number(row.at) } : null;
}

/**
 * The stored version of record `id` of versioned `resource` (its declared table's `version`), or
 * undefined when the resource is not versioned or the row is gone. For an answer that carries a
 * record under another path than its declared one (GET getCampaignDetailById: the ETag of
 * `campaign/{id}`).
 */
export async function recordVersion(sql: Sql, resource: ResourceKey, id: number): Promise<number | undefined> {
  const v = VERSIONED[resource];
  if (!v) return undefined;
  const row = await sql.get<{ version: number }>(`SELECT version FROM ${v.table} WHERE id = ?`, [id]);
  return row ? Number(row.version) : undefined;
}

/** The 412 of record `id`: the message, and data `{ version, record, changed_by }`. */
async function stale(tx: Sql, resource: string, table: string, id: number, current: RecordRow | undefined): Promise<Stale> {
  const row = await tx.get<{ version: number }>(`SELECT version FROM ${table} WHERE id = ?`, [id]);
  const version = Number(row?.version ?? current?.version ?? 0);
  return new Stale('Someone else changed this record after you opened it.', {
    version,
    record: { ...visible(current), version },
    changed_by: await lastChange(tx, resource, id),
  });
}

/**
 * The If-Match a write of record `id` of `resource` must check when it moves the version itself
 * (db/update-row.ts `version`): `{ expected }` when the request names this record with an
 * If-Match, `{}` when it does not; the write then hands the version it left to recordActivity
 * (`ActivityEntry.version`), and moveVersion runs no statement.
 */
export function versionCheck(slot: VersionSlot | undefined, resource: string, id: number): { expected?: number } {
  const own = slot !== undefined && !slot.used && slot.resource === resource && slot.id === id;
  return own && slot.expected !== undefined ? { expected: slot.expected } : {};
}

/**
 * Checks, before a write that may not happen at all, that record `id` of `resource` is still the
 * version the request's If-Match names: `before` is the row as the write's transaction read (and
 * locked) it. Throws Stale (412, the record as stored and who changed it) when it moved; nothing
 * without an If-Match or for a record the request does not name. For a call that refuses a record
 * in a state it cannot change (a booking already answered: 409), so that a reader whose view is
 * stale learns that someone else changed it, and what.
 */
export async function checkVersion(tx: Sql, slot: VersionSlot | undefined, resource: ResourceKey, id: number, before: RecordRow | undefined): Promise<void> {
  const v = VERSIONED[resource];
  if (!v || !before) return;
  const { expected } = versionCheck(slot, resource, id);
  if (expected !== undefined && Number(before.version) !== expected) throw await stale(tx, resource, v.table, id, before);
}

/**
 * Moves (and, with the request's If-Match, checks) the version of the record a write of
 * `resource` changed, inside that write's transaction `tx`. `before` is the row as the write found
 * it. Throws Stale when the If-Match is stale; nothing for an unversioned resource, a bulk entry
 * (no id) or a create. With `e.version` (the version a write that moved it itself left) it only
 * records that version as the answer's.
 */
export async function moveVersion(
  tx: Sql,
  slot: VersionSlot | undefined,
  e: { resource: string; action: string; id: number | null; before?: RecordRow; version?: number },
): Promise<void> {
  const v = VERSIONED[e.resource as ResourceKey];
  // A take-over of an edit lease (services/leases.ts) changes who edits, not the record.
  if (!v || e.id === null || e.action === 'create' || e.action === 'take_over') return;
  const own = slot !== undefined && !slot.used && slot.resource === e.resource && slot.id === e.id;
  if (own) slot.used = true;
  // The write moved (and checked) the version itself (versionCheck).
  if (e.version !== undefined) {
    if (own) slot.written = e.version;
    return;
  }
  const check = own && slot.expected !== undefined;
  if (e.action === 'delete') {
    if (check && e.before && 'version' in e.before && Number(e.before.version) !== slot!.expected) throw await stale(tx, e.resource, v.table, e.id, e.before);
    return;
  }
  const moved = check
    ? await tx.get<{ version: number }>(`UPDATE ${v.table} SET version = version + 1 WHERE id = ? AND version = ? RETURNING version`, [e.id, slot!.expected!])
    : await tx.get<{ version: number }>(`UPDATE ${v.table} SET version = version + 1 WHERE id = ? RETURNING version`, [e.id]);
  if (moved) {
    if (own) slot.written = Number(moved.version);
    return;
  }
  if (check) throw await stale(tx, e.resource, v.table, e.id, e.before);
}
