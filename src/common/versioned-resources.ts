import { RESOURCE_ENTRIES, type ResourceKey } from './resources.ts';

/**
 * The versioned resources (docs/live.md), gathered from the resources' `versions` declarations
 * (resources.ts): the tables whose rows carry a `version` and the paths that answer with an ETag. Pure.
 */

/** The versioned resources (ResourceDeclaration.versions), keyed by resource. */
export const VERSIONED: Readonly<Partial<Record<ResourceKey, { table: string; paths: readonly string[] }>>> = Object.fromEntries(
  RESOURCE_ENTRIES.flatMap(([key, r]) => (r.versions ? [[key, r.versions]] : [])),
);
