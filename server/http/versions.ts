import type { Context } from 'hono';
import type { VersionSlot } from '../lib/activity/versions.ts';

/**
 * A request's record version (docs/live.md): on a versioned route
 * (http/middleware/versions.ts) the record it names and the version its If-Match names; whoOf
 * (http/logs.ts) hands it to the service with the caller, and the version the write leaves comes
 * back in it for the answer's ETag. Kept per request, beside its context.
 */

const slots = new WeakMap<object, VersionSlot>();

/**
 * The version an If-Match header names: `"12"` (or `W/"12"`, or a bare 12) is 12; `*` or no
 * header is undefined (no check); anything else is NaN, which no version equals (412).
 */
export function ifMatchVersion(header: string | undefined): number | undefined {
  if (header === undefined) return undefined;
  const first = header.split(',')[0].trim();
  if (first === '' || first === '*') return undefined;
  const m = /^(?:W\/)?"?(\d{1,15})"?$/.exec(first);
  return m ? Number(m[1]) : Number.NaN;
}

/** The ETag of version `v`: `"<v>"`. */
export const etagOf = (v: number) => `"${v}"`;

/** Names this request's record (a versioned route's middleware): the write of it is checked against its If-Match. */
export function claimRecord(c: Context, resource: string, id: number): VersionSlot {
  const s: VersionSlot = { resource, id, expected: ifMatchVersion(c.req.header('if-match')) };
  slots.set(c, s);
  return s;
}

/** This request's slot: the one its versioned route made, else an empty one (no record named, nothing checked). */
export function versionSlot(c: Context): VersionSlot {
  let s = slots.get(c);
  if (!s) slots.set(c, (s = {}));
  return s;
}
