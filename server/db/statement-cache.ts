/**
 * Prepared statements kept per database connection, keyed by their SQL text (db/sqlite.ts). A
 * statement is prepared once and reused, but the texts are not a fixed set: an `IN (?, ?, …)`
 * list has one text per length, a list page one per sort, filter and search, so a process that
 * runs for weeks would keep more and more of them (about 11 KB of the database library's memory
 * each). At most `max` (STATEMENT_CACHE_MAX) are kept: past it, the one kept longest is dropped
 * (first in, first out; a hit costs nothing) and prepared again at its next use. A dropped
 * statement that a caller still holds (a long `runMany`) stays valid; the garbage collector frees
 * it once nobody does.
 */
export interface StatementCache<S> {
  /** The statement for `sql`, prepared now when not kept; throws what `prepare` throws. */
  get(sql: string): S;
  /** How many statements are kept (≤ max). */
  readonly size: number;
}

/** Statements kept per connection. */
export const STATEMENT_CACHE_MAX = 1000;

export function statementCache<S>(prepare: (sql: string) => S, max = STATEMENT_CACHE_MAX): StatementCache<S> {
  const kept = new Map<string, S>();
  return {
    get(sql) {
      let st = kept.get(sql);
      if (st === undefined) {
        st = prepare(sql);
        if (kept.size >= max) kept.delete(kept.keys().next().value as string);
        kept.set(sql, st);
      }
      return st;
    },
    get size() {
      return kept.size;
    },
  };
}
