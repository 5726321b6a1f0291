import type { Sql } from '../../db/sql.ts';
import { OWNED_TABLES } from '../../../src/common/owned-tables.ts';
import type { ResourceKey } from '../../../src/common/resources.ts';
import { VERSIONED } from '../../../src/common/versioned-resources.ts';

/**
 * The change feed behind `GET /api/stream` (docs/live.md "The change stream").
 *
 * Its log is the activity table: every state-changing call already writes one row there in its
 * own transaction (lib/activity/record.ts), so a change is in the feed exactly when it committed,
 * and no writing transaction does anything more for the stream: no trigger, no notification, no
 * extra row (PostgreSQL serialises the commits of notifying transactions on one lock, the reason
 * migration 032 removed the change notices). Each process reads the rows after the last one it
 * read, by id, every POLL_MS while at least one stream is open in it (nothing at all otherwise),
 * so a change made through any process reaches every process's streams within about POLL_MS.
 *
 * On PostgreSQL ids are taken at insert and transactions commit in any order, so a row may
 * become visible after a higher id was read: the ids skipped over are asked for again on every
 * read for GAP_MS (at most MAX_GAPS of them), then given up (a transaction rolled back, or held
 * open that long). A change's event id is its activity row's id: the same on every process, so a
 * reconnect to any process replays from the table (`since`), at most REPLAY_MAX changes and
 * REPLAY_MS back; beyond that the answer is 'reload'.
 *
 * Changes made while the activity log is off (ACTIVITY_LOG=0, only to measure its cost) are not
 * streamed.
 */

/** One change as the feed reads it: its event id, the record, the action, the version the record has now (null when gone or unversioned), who. */
export interface FeedChange {
  id: number;
  resource: string;
  record: number | null;
  action: string;
  version: number | null;
  by: string;
  organiserId: number | null;
  /** The row the record belongs to when its table declares a parent (a participant's event, src/common/resources.ts `owns`); null otherwise or once deleted. */
  parent: number | null;
  at: number;
}

/** How often a process with open streams reads new changes, ms. */
export const POLL_MS = 400;
/** How long ids skipped over are asked for again, ms. */
export const GAP_MS = 15_000;
/** At most this many skipped ids are kept. */
export const MAX_GAPS = 1_000;
/** Rows read at most per poll (the next poll reads on). */
export const BATCH = 500;
/** A reconnect replays at most this many changes and this far back (ms); else 'reload'. */
export const REPLAY_MAX = 500;
export const REPLAY_MS = 5 * 60_000;

type Row = {
  id: number | string;
  at: number | string;
  actor_name: string;
  organizer_id: number | string | null;
  action: string;
  resource: string;
  resource_id: number | string | null;
};
const COLUMNS = 'id, at, actor_name, organizer_id, action, resource, resource_id';

/** The rows as changes, with each versioned record's version now and its parent (one statement per resource). */
async function toChanges(sql: Sql, rows: Row[]): Promise<FeedChange[]> {
  const changes = rows.map(
    (r): FeedChange => ({
      id: Number(r.id),
      resource: r.resource,
      record: r.resource_id === null ? null : Number(r.resource_id),
      action: r.action,
      version: null,
      by: r.actor_name,
      organiserId: r.organizer_id === null ? null : Number(r.organizer_id),
      parent: null,
      at: Number(r.at),
    }),
  );
  const byResource = new Map<string, Set<number>>();
  for (const c of changes)
    if (c.record !== null && VERSIONED[c.resource as ResourceKey])
      (byResource.get(c.resource) ?? byResource.set(c.resource, new Set()).get(c.resource)!).add(c.record);
  for (const [resource, ids] of byResource) {
    const list = [...ids];
    const table = VERSIONED[resource as ResourceKey]!.table;
    // A child table (participants of an event) also says its parent, so one event's list counts only its own.
    const owned = OWNED_TABLES[table];
    const parent = owned?.parent ? `, ${owned.owner} AS parent` : '';
    const found = await sql.all<{ id: number | string; version: number | string; parent?: number | string | null }>(
      `SELECT id, version${parent} FROM ${table} WHERE id IN (${list.map(() => '?').join(', ')})`,
      list,
    );
    const byId = new Map(found.map((f) => [Number(f.id), f]));
    for (const c of changes)
      if (c.resource === resource && c.record !== null) {
        const f = byId.get(c.record);
        c.version = f ? Number(f.version) : null;
        c.parent = f?.parent === undefined || f.parent === null ? null : Number(f.parent);
      }
  }
  return changes;
}

/** The feed of one database (one per Sql handle): subscribe while a stream is open. */
export interface ChangeFeed {
  /**
   * Calls `listener` with every batch of new changes read after the call until the returned
   * function is called; `ended` when the feed stops (the server is stopping).
   */
  subscribe(listener: (changes: FeedChange[]) => void, ended: () => void): () => void;
  /** Resolves once the feed knows where it reads from (after `subscribe`): a replay (`since`) made then misses nothing. */
  primed(): Promise<void>;
  /** The changes after event id `last` (a reconnect's Last-Event-ID), or 'reload' when too many or too old. */
  since(last: number): Promise<FeedChange[] | 'reload'>;
  /** The newest event id every change up to which has been read (a heartbeat's id), or undefined before the first read. */
  safeId(): number | undefined;
  /** How many streams listen. */
  listeners(): number;
  /** Ends every listener's stream (the server is stopping) and refuses new ones. */
  stop(): void;
  readonly stopped: boolean;
}

const feeds = new WeakMap<Sql, ChangeFeed>();

/** The change feed of database `sql` (made on first use; it reads nothing until someone subscribes). */
export function changeFeed(sql: Sql): ChangeFeed {
  let f = feeds.get(sql);
  if (!f) feeds.set(sql, (f = makeFeed(sql)));
  return f;
}

function makeFeed(sql: Sql): ChangeFeed {
  const listeners = new Set<(changes: FeedChange[]) => void>();
  let cursor: number | undefined;
  const gaps = new Map<number, number>(); // skipped id -> when first skipped
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;
  let reading: Promise<void> | undefined;
  const ends = new Map<(changes: FeedChange[]) => void, () => void>();

  const read = () => (reading ??= readOnce().finally(() => (reading = undefined)));
  const readOnce = async () => {
    try {
      if (cursor === undefined) {
        cursor = Number((await sql.get<{ m: number | string | null }>('SELECT max(id) AS m FROM activity'))?.m ?? 0);
        return;
      }
      const now = Date.now();
      for (const [id, since] of gaps) if (now - since > GAP_MS) gaps.delete(id);
      const asked = [...gaps.keys()];
      const rows = await sql.all<Row>(
        `SELECT ${COLUMNS} FROM activity WHERE id > ?${asked.length ? ` OR id IN (${asked.map(() => '?').join(', ')})` : ''} ORDER BY id LIMIT ${BATCH}`,
        [cursor, ...asked],
      );
      if (!rows.length) return;
      for (const r of rows) {
        const id = Number(r.id);
        if (gaps.delete(id)) continue;
        for (let skipped = cursor + 1; skipped < id && gaps.size < MAX_GAPS; skipped++) gaps.set(skipped, now);
        if (id > cursor) cursor = id;
      }
      const changes = await toChanges(sql, rows);
      for (const l of [...listeners]) l(changes);
    } catch {
      // The database is unreachable for a moment: the next poll reads on from the same cursor.
    }
  };
  const schedule = () => {
    if (stopped || listeners.size === 0) {
      timer = undefined;
      return;
    }
    timer = setTimeout(() => void read().finally(schedule), POLL_MS);
    timer.unref?.();
  };
  return {
    subscribe(listener, ended) {
      listeners.add(listener);
      ends.set(listener, ended);
      if (!timer) {
        if (cursor === undefined) void read();
        schedule();
      }
      return () => {
        listeners.delete(listener);
        ends.delete(listener);
        if (listeners.size === 0) {
          clearTimeout(timer);
          timer = undefined;
          // Nobody listens: forget where we were, so an idle process reads nothing.
          cursor = undefined;
          gaps.clear();
        }
      };
    },
    async primed() {
      for (let tries = 0; tries < 3 && cursor === undefined && listeners.size > 0; tries++) await read();
    },
    async since(last) {
      const mark = await sql.get<{ at: number | string }>('SELECT at FROM activity WHERE id = ?', [last]);
      if (!mark || Date.now() - Number(mark.at) > REPLAY_MS) return 'reload';
      const rows = await sql.all<Row>(`SELECT ${COLUMNS} FROM activity WHERE id > ? ORDER BY id LIMIT ${REPLAY_MAX + 1}`, [last]);
      if (rows.length > REPLAY_MAX) return 'reload';
      return toChanges(sql, rows);
    },
    safeId() {
      if (cursor === undefined) return undefined;
      return gaps.size ? Math.min(...gaps.keys()) - 1 : cursor;
    },
    listeners: () => listeners.size,
    stop() {
      stopped = true;
      clearTimeout(timer);
      for (const end of [...ends.values()]) end();
    },
    get stopped() {
      return stopped;
    },
  };
}
