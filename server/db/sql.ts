/**
 * The data-access seam (DESIGN.md §1): every query of the API goes through `Sql`, so a second
 * engine (PostgreSQL) is an adapter, not a rewrite. SQL is written in the subset both engines
 * share: `?` placeholders, `RETURNING id`, `ON CONFLICT`, integers for booleans.
 */
export type Param = string | number | bigint | null | Buffer;

/** A statement that only reads: a plain SELECT (one pattern object, run on our SQL text, never on a caller's input). */
export const READ_STATEMENT = /^\s*SELECT\b/i;

/** True for a statement that only reads (a plain SELECT): it commits nothing and may run on a read connection. */
export const readsOnly = (sql: string) => READ_STATEMENT.test(sql);

/** A data version (`Sql.dataVersion`): compared for equality only. */
export type DataMark = number | string;

/** The one database interface both engines implement (see docs/architecture.md). */
export interface Sql {
  /** All rows of a query. */
  all<T = Record<string, unknown>>(sql: string, params?: Param[]): Promise<T[]>;
  /** The first row, or undefined. */
  get<T = Record<string, unknown>>(sql: string, params?: Param[]): Promise<T | undefined>;
  /**
   * Runs a statement; resolves to the number of rows it changed. `changes`: the resources it
   * changes (activity resource keys, as `declare` in a transaction), so that outside a
   * transaction its commit ends only the kept answers that read them; omitted, a write outside a
   * transaction ends every kept answer (http/answer-cache.ts). On PostgreSQL a write outside a
   * transaction with `changes` runs in a transaction of its own (its id tells it from another
   * process's); use it for writes that come often and change what no list shows (a session's last
   * use, a job's lease, a queue's claim).
   */
  run(sql: string, params?: Param[], changes?: readonly string[]): Promise<number>;
  /** Runs one prepared statement once per row (bulk import); resolves to rows written. */
  runMany(sql: string, rows: Param[][]): Promise<number>;
  /**
   * Runs `fn` in one transaction: committed when it resolves, rolled back when it throws.
   * Queries made through `tx` belong to it; other callers wait until it ends.
   */
  transaction<T>(fn: (tx: Sql) => Promise<T>): Promise<T>;
  /**
   * A mark that differs whenever a commit may have changed what a read of `reads` (resource
   * keys; absent: everything) sees, or undefined when it cannot be known (db/data-version.ts:
   * this process's commits move the marks of the resources they declared, any other commit, of
   * this process or another, moves every mark). Equal marks at two times mean equal data of those
   * resources, any commit answered before the call included; answer caches key on it
   * (http/answer-cache.ts). `since` (performance.now() ms): when the caller's request arrived;
   * a reading of the database's version taken at or after it may serve the call (PostgreSQL shares
   * one snapshot statement among the lookups it is recent enough for; a commit answered before the
   * request arrived is still always seen). Absent on a transaction's handle.
   */
  dataVersion?(reads?: readonly string[], since?: number): DataMark | undefined | Promise<DataMark | undefined>;
  /**
   * On a transaction's handle: the transaction changes `resources` (activity resource keys); when
   * it commits, only kept answers that read them end (dataVersion). A transaction that declares
   * nothing ends every kept answer. Absent (a no-op) outside a transaction.
   */
  declare?(resources: readonly string[]): void;
  /** The connection pool's counts (PostgreSQL; http/metrics.ts), or undefined without a pool. */
  poolCounts?: () => { total: number; idle: number; waiting: number };
  /** Which engine answers; migrations pick their dialect by it. */
  readonly engine: 'sqlite' | 'postgres';
  close(): Promise<void>;
}
