import type { DataMark, Sql } from '../db/sql.ts';

/**
 * Answers of list reads kept per process and reused while what they read is unchanged (a users
 * page cost ~120 µs of SQLite time under load, more than bare Hono's whole request; on
 * PostgreSQL the list and count statements, where a reuse costs one statement).
 *
 * An answer is kept under its key (the caller's id and the request's path and query: everything
 * a list answer depends on besides the stored data) together with the data version of the
 * resources the list reads (`Sql.dataVersion(reads)`, db/data-version.ts) taken at the start of
 * the request that made it, *before* its data. It is reused only by a request that takes the same
 * version at its own start, so a write answered to any client, by any process, before a read
 * starts is in that read's answer; a write of this process that declared other resources (a page
 * edit, for the roles list) leaves the answer kept:
 * - SQLite: this process's commits move the marks of what they declared; another connection's
 *   commit, seen through `PRAGMA data_version` (~2 µs, read on every lookup), moves every mark.
 * - PostgreSQL: the database's snapshot (`pg_current_snapshot()`, no table read: one statement
 *   serves the lookups of every request that arrived before it was sent) shows which transactions ended since the last lookup; one that is not this
 *   process's own moves every mark. Undefined, and nothing is reused, when the statement fails.
 * A change of the caller's roles is a write of `roles`, which the lists that depend on it read.
 *
 * Reuse must pay for itself: on PostgreSQL each lookup costs a statement, and a kept answer that
 * is never reused still costs its copy into the old generation (garbage collection). A key's first
 * read in a while (the last SEEN_KEYS keys read) only makes its answer: no version read, nothing
 * kept; its next read looks up and keeps, and the reads after it can hit. Under a spread of
 * searches, sorts and pages that no one repeats, reads pay nothing for the cache. Lookups that found an
 * answer kept for their key are judged in rounds of JUDGE_EVERY (a lookup with nothing kept, as in
 * a cold cache, says nothing about whether reuse pays); after a round in which fewer than
 * MIN_HIT_SHARE of them were hits (writes of what these lists read come too often), only one list
 * read in SAMPLE_EVERY looks up (and keeps) an answer, the others are made straight away without
 * reading the version; the samples are judged in rounds of SAMPLE_ROUND, and one with enough hits
 * turns lookups back on for every read. Correctness never depends on it: a read that skips the
 * lookup reads the data.
 *
 * Bounds: MAX_ANSWERS answers, none over MAX_ANSWER_BYTES with its key (a larger one is not kept), at most
 * MAX_TOTAL_BYTES in all (least recently used go first), each at most ANSWER_TTL_MS old (a
 * belt for any value a list might ever derive from the clock rather than the data).
 */
export const MAX_ANSWERS = 1_000;
export const MAX_ANSWER_BYTES = 256 * 1024;
export const MAX_TOTAL_BYTES = 32 * 1024 * 1024;
export const ANSWER_TTL_MS = 10_000;
/** Keys remembered as read once (their next read looks up and keeps); the memory is emptied when full. */
export const SEEN_KEYS = 4 * MAX_ANSWERS;
/** Longer keys are not remembered (so the memory stays under ~SEEN_KEYS × 4 KB); they look up on every read. */
export const SEEN_KEY_LENGTH = 2048;
/** Lookups per round when judging whether reuse pays. */
export const JUDGE_EVERY = 200;
/** Share of hits in a round below which the next round only samples. */
export const MIN_HIT_SHARE = 0.1;
/** While sampling, one list read in this many looks up its answer. */
export const SAMPLE_EVERY = 10;
/** Judged lookups per round while sampling: few, so lookups turn back on soon after the writes stop. */
export const SAMPLE_ROUND = 20;

interface Kept {
  version: DataMark;
  at: number;
  body: string;
  size: number;
}
interface Store {
  map: Map<string, Kept>;
  bytes: number;
  /** This round's lookups and hits; whether this round only samples, and reads since the last sample. */
  lookups: number;
  hits: number;
  sampling: boolean;
  skipped: number;
  /** Keys read once lately, with nothing kept for them (at most SEEN_KEYS). */
  seen: Set<string>;
}
const stores = new WeakMap<Sql, Store>();

/** Whether answers are reused (ANSWER_CACHE, server/config.ts; off only for the bench's uncached figures), and who counts lookups (metrics). */
const settings: { enabled: boolean; onLookup?: (hit: boolean) => void } = { enabled: true };

/** Sets whether answers are reused and who is told of each lookup (start.ts, once at start). */
export function configureAnswerCache(o: { enabled: boolean; onLookup?: (hit: boolean) => void }) {
  settings.enabled = o.enabled;
  settings.onLookup = o.onLookup;
}

function storeOf(sql: Sql): Store {
  let s = stores.get(sql);
  if (!s) stores.set(sql, (s = { map: new Map(), bytes: 0, lookups: 0, hits: 0, sampling: false, skipped: 0, seen: new Set() }));
  return s;
}

function forget(s: Store, key: string) {
  const k = s.map.get(key);
  if (k) {
    s.bytes -= k.size;
    s.map.delete(key);
  }
}

/**
 * Counts one lookup of `s` (`judged`: it found an answer kept for its key, fresh or not) and, at
 * the end of a round, judges whether the next one only samples.
 */
function counted(s: Store, hit: boolean, judged: boolean) {
  settings.onLookup?.(hit);
  if (!judged) return;
  s.lookups++;
  if (hit) s.hits++;
  if (s.lookups < (s.sampling ? SAMPLE_ROUND : JUDGE_EVERY)) return;
  s.sampling = s.hits < MIN_HIT_SHARE * s.lookups;
  s.lookups = 0;
  s.hits = 0;
}

/**
 * The answer body (a JSON string) for `key`: `make()`'s on the key's first read in a while (see
 * above), else the kept one when the resources `reads` (activity
 * resource keys; absent: everything) of `sql` are, at this call, at the version it was made at
 * and it is younger than ANSWER_TTL_MS (`now`, ms), else `make()`'s, kept for next time (while
 * sampling, see above, most calls are `make()`'s alone). `since`: when the caller's request arrived
 * (performance.now() ms; Sql.dataVersion may share a version read taken after it). Errors of `make` pass through and nothing is kept.
 */
export async function cachedAnswer(
  sql: Sql,
  key: string,
  make: () => Promise<string>,
  now = Date.now(),
  reads?: readonly string[],
  since?: number,
): Promise<string> {
  if (!settings.enabled || !sql.dataVersion) return make();
  const s = storeOf(sql);
  if (key.length <= SEEN_KEY_LENGTH && !s.map.has(key) && !s.seen.has(key)) {
    if (s.seen.size >= SEEN_KEYS) s.seen.clear();
    s.seen.add(key);
    return make();
  }
  if (s.sampling && ++s.skipped % SAMPLE_EVERY !== 0) return make();
  const version = await sql.dataVersion(reads, since);
  if (version === undefined) return make();
  const hit = s.map.get(key);
  if (hit && hit.version === version && now - hit.at < ANSWER_TTL_MS) {
    // Most recently used last (Map order), so the oldest go first when full.
    s.map.delete(key);
    s.map.set(key, hit);
    counted(s, true, true);
    return hit.body;
  }
  counted(s, false, hit !== undefined);
  if (hit) forget(s, key);
  const body = await make();
  // Key and body as UTF-16: a long query string counts against the bounds too.
  const size = (key.length + body.length) * 2;
  if (size <= MAX_ANSWER_BYTES) {
    forget(s, key);
    s.seen.delete(key);
    s.map.set(key, { version, at: now, body, size });
    s.bytes += size;
    for (const oldest of s.map.keys()) {
      if (s.map.size <= MAX_ANSWERS && s.bytes <= MAX_TOTAL_BYTES) break;
      forget(s, oldest);
    }
  }
  return body;
}

/** How many answers are kept for `sql`, their size in bytes (UTF-16) and whether lookups are only sampled, for tests. */
export const keptAnswers = (sql: Sql) => ({ count: storeOf(sql).map.size, bytes: storeOf(sql).bytes, sampling: storeOf(sql).sampling });
