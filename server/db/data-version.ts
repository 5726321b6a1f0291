/**
 * The mark behind `Sql.dataVersion` (db/sql.ts), of the SQLite adapter (db/sqlite.ts): a whole number that
 * grows whenever a commit may have changed what the handle reads.
 * - `changed()`: the adapter calls it after each commit it makes (an autocommit write, a
 *   transaction's COMMIT), so this process reads its own writes at once.
 * - `poll` (SQLite: the read connection's `PRAGMA data_version`, ~2 µs): a value that moves with
 *   every other connection's commit, read on every `current()`; when it has moved, the mark
 *   grows. So a commit of another connection or process that ended before the call is always
 *   seen.
 */
export interface DataVersion { changed(): void; current(): number }

export function dataVersion(poll?: () => number): DataVersion {
  let mark = 0;
  let seen: number | undefined;
  return {
    changed() { mark++; },
    current() {
      if (poll) {
        const v = poll();
        if (v !== seen) { seen = v; mark++; }
      }
      return mark;
    },
  };
}
