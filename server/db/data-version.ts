/**
 * The marks behind `Sql.dataVersion` (db/sql.ts): what a kept answer (http/answer-cache.ts)
 * is compared against, per resource, so that a write ends only the answers of what it changed.
 *
 * A transaction declares the resources it changes (`Sql.declare`, called by
 * lib/activity/record.ts recordActivity with the activity row's resource: what a write does is
 * visible where it is written). When it commits, only those resources' marks move. Every other
 * change moves the `undeclared` mark, which every resource's version includes, so it ends every
 * kept answer: a commit that declared nothing (a migration, the seed, an autocommit write), and
 * any commit this process did not make (another process; the adapter notices it: SQLite through
 * the write connection's `PRAGMA data_version`, PostgreSQL through the snapshot, db/postgres.ts).
 * `any` moves with every commit: the version of a read that depends on everything (the activity log).
 */
export interface DataVersion {
  /** A commit of this process that changed `resources` (empty: not declared, so everything). */
  committed(resources: ReadonlySet<string>): void;
  /** A change this process did not make (or cannot name): everything. */
  foreign(): void;
  /** The version of a read of `reads` (undefined: of everything): equal strings mean no change of those in between. */
  current(reads?: readonly string[]): string;
}

/**
 * Marks kept in memory for one database handle. `poll` (SQLite: the write connection's
 * `PRAGMA data_version`, ~2 µs), when given, is read by every `current()`: when it has moved,
 * another connection committed, and that is `foreign()`.
 */
export function dataVersion(poll?: () => number): DataVersion {
  let any = 0,
    undeclared = 0;
  const per = new Map<string, number>();
  let seen: number | undefined;
  const self: DataVersion = {
    committed(resources) {
      any++;
      if (!resources.size) undeclared++;
      for (const r of resources) per.set(r, (per.get(r) ?? 0) + 1);
    },
    foreign() {
      any++;
      undeclared++;
    },
    current(reads) {
      if (poll) {
        const v = poll();
        if (v !== seen) {
          if (seen !== undefined) self.foreign();
          seen = v;
        }
      }
      if (!reads) return `a${any}`;
      let s = `u${undeclared}`;
      for (const r of reads) s += `.${per.get(r) ?? 0}`;
      return s;
    },
  };
  return self;
}
