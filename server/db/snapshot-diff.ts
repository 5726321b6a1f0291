/**
 * PostgreSQL snapshots (`pg_current_snapshot()::text`, "xmin:xmax:xip1,xip2,…") compared, so the
 * answer cache can tell this process's own commits, whose changed resources it knows, from
 * anyone else's (db/postgres.ts dataVersion, db/data-version.ts). A transaction id is completed
 * in a snapshot when it is below xmax and not in the in-progress list; only transactions that
 * wrote get ids, so the ids completed between two snapshots are exactly the writing transactions
 * that ended (committed or rolled back) in between, in any database of the server.
 */
export interface Snapshot {
  text: string;
  xmin: number;
  xmax: number;
  xip: ReadonlySet<number>;
}

/** Parses the text form; undefined for anything else. */
export function parseSnapshot(text: string): Snapshot | undefined {
  const m = /^(\d+):(\d+):([\d,]*)$/.exec(text);
  if (!m) return undefined;
  return { text, xmin: Number(m[1]), xmax: Number(m[2]), xip: new Set(m[3] ? m[3].split(',').map(Number) : []) };
}

/** More ids than this between two snapshots are not listed: counted as someone else's. */
export const MAX_LISTED_IDS = 10_000;

/**
 * How `next` stands to `last`: 'same'; 'older' (or not comparable: some id completed in `last`
 * is not in `next`, so `next` may miss a change `last` saw); or 'newer' with the ids completed
 * in between (`ids`; null when there are more than MAX_LISTED_IDS).
 */
export function snapshotChange(last: Snapshot, next: Snapshot): { kind: 'same' | 'older' } | { kind: 'newer'; ids: number[] | null } {
  if (next.text === last.text) return { kind: 'same' };
  if (next.xmax < last.xmax) return { kind: 'older' };
  for (const x of next.xip) if (x < last.xmax && !last.xip.has(x)) return { kind: 'older' };
  if (next.xmax - last.xmax > MAX_LISTED_IDS) return { kind: 'newer', ids: null };
  const ids: number[] = [];
  for (const x of last.xip) if (x < next.xmax && !next.xip.has(x)) ids.push(x);
  for (let x = last.xmax; x < next.xmax; x++) if (!next.xip.has(x)) ids.push(x);
  return { kind: 'newer', ids };
}
