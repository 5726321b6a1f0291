/**
 * The mark behind `Sql.dataVersion` (db/sql.ts), shared by both adapters: a whole number that
 * grows whenever a commit may have changed what the handle reads.
 * - `changed()`: the adapter calls it after each commit it makes (an autocommit write, a
 *   transaction's COMMIT), so this process reads its own writes at once.
 * - `poll` (SQLite: the read connection's `PRAGMA data_version`, ~2 µs): a value that moves with
 *   every other writer's commit, read at most once per `pollEveryMs` ms (1); when it has moved,
 *   the mark grows. Another connection's commit is thus seen within about a millisecond, as a
 *   PostgreSQL change notification is (db/postgres-changes.ts), for a fraction of the cost of
 *   reading it per request.
 */
export interface DataVersion { changed(): void; current(): number }

export function dataVersion(poll?: () => number, pollEveryMs = 1): DataVersion {
  let mark = 0;
  let seen: number | undefined;
  let polledAt = -Infinity;
  return {
    changed() { mark++; },
    current() {
      if (poll) {
        const now = performance.now();
        if (now - polledAt >= pollEveryMs) {
          polledAt = now;
          const v = poll();
          if (v !== seen) { seen = v; mark++; }
        }
      }
      return mark;
    },
  };
}
