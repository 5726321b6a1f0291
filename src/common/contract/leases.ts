import { z } from 'zod';
import type { RouteContract } from './base.ts';
import { LEASE_TOKEN } from '../leases.ts';

/**
 * Edit leases' wire contract (docs/live.md "Who is editing"): `/api/leases/{resource}/{id}`,
 * `resource` one of src/common/leases.ts LEASED_RESOURCES.
 */

/** Who holds a lease: their name, since when and until when (ms since 1970), and whether it is the caller's own user. */
export const LeaseHolder = z.object({
  name: z.string(),
  since: z.number(),
  expires_at: z.number(),
  own_user: z.boolean(),
});
export type LeaseHolder = z.infer<typeof LeaseHolder>;

/** GET: the record's live lease, or null when nobody edits it. */
export const LeaseState = z.object({ holder: LeaseHolder.nullable() });
export type LeaseState = z.infer<typeof LeaseState>;

/** PUT's body: the form's token; `take_over` 1 to take the lease from whoever holds it. */
export const LeaseInput = z.object({
  token: z.string().regex(LEASE_TOKEN, { message: 'The :attribute format is invalid.' }),
  take_over: z.enum(['0', '1', 'true', 'false']).optional(),
});
export type LeaseInput = z.input<typeof LeaseInput>;

/** PUT's answer: the lease the caller now holds, and the name of the editor it was taken from (a take-over), else null. A 409 carries `{ holder }`. */
export const LeaseTaken = z.object({ lease: LeaseHolder, taken_from: z.string().nullable() });
export type LeaseTaken = z.infer<typeof LeaseTaken>;

/** The routes of server/routes/leases.ts. */
export const LEASES_CONTRACT: Record<string, RouteContract> = {
  'GET /api/leases/{resource}/{id}': { summary: 'Who is editing a record now (their name and since when), or null', data: LeaseState },
  'PUT /api/leases/{resource}/{id}': {
    summary: 'Take or renew the edit lease of a record (about 2 minutes); 409 with the holder when another editor holds it, unless take_over',
    body: LeaseInput,
    data: LeaseTaken,
  },
  'DELETE /api/leases/{resource}/{id}': {
    summary: 'Give the edit lease back (the form closed); nothing when the token holds none',
    query: z.object({ token: z.string().max(64).optional() }),
    data: z.null(),
  },
};
