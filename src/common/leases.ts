import { RESOURCES, type ResourceDeclaration } from './resources.ts';

/**
 * Edit leases (docs/live.md "Who is editing"): an open edit form holds a lease on its record, so
 * another editor sees who is editing it before typing over them. Pure: shared by the API
 * (server/routes/leases.ts, server/services/leases.ts) and the console (src/lib/leases.ts).
 */

/** How long a lease lasts after it was taken or last renewed, ms: a tab that closed or a process that died frees it after this. */
export const LEASE_MS = 120_000;
/** How often an open form renews its lease, ms (well inside LEASE_MS, so one lost renewal loses nothing). */
export const LEASE_RENEW_MS = 30_000;
/** A lease token: what one open form calls itself (16 to 64 letters, digits, `-` and `_`), made by the client. */
export const LEASE_TOKEN = /^[A-Za-z0-9_-]{16,64}$/;

/**
 * The resources whose records can be leased: the versioned ones (ResourceDeclaration.versions),
 * the records with edit forms whose saves check `If-Match`.
 */
export const LEASED_RESOURCES: readonly string[] = Object.entries(RESOURCES as Record<string, ResourceDeclaration>).flatMap(([key, r]) =>
  r.versions ? [key] : [],
);

/** The activity log's action of a take-over: the stream carries it to the editor who lost the lease. */
export const TAKE_OVER = 'take_over' as const;
