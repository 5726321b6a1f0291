import type { OwnedTable } from './resource-shapes.ts';
import { RESOURCE_ENTRIES, type ResourceKey } from './resources.ts';

/**
 * Every organiser-owned table (OwnedTable), gathered from the resources' `owns` declarations
 * (resources.ts): what server/db/tenancy.ts builds owner conditions from. Pure.
 */

/** Every owned table of every resource (OwnedTable), keyed by table name, in declaration order. */
export const OWNED_TABLES: Readonly<Record<string, OwnedTable & { resource: ResourceKey }>> = Object.fromEntries(
  RESOURCE_ENTRIES.flatMap(([key, r]) => (r.owns ?? []).map((t) => [t.table, { ...t, resource: key }])),
);
