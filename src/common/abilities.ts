/**
 * The fixed catalogue of abilities (DESIGN.md §3 "Other roles act through permissions"). Each
 * ability has a key the code checks (`users.delete`) and the permission name it is seeded under
 * and shown as in the Roles checklist ("Delete users"), both derived from the resource
 * declarations (resources.ts). Admin holds every ability; role company holds none (organisers
 * are scoped to their own data instead). Pure: no DOM, no Node.
 */
import { DECLARED_ABILITIES } from './declared-access.ts';
import type { AbilityKey } from './resources.ts';
export type { Verb } from './resource-shapes.ts';
export type { AbilityKey } from './resources.ts';

/** Every ability: `{ key: 'users.delete', name: 'Delete users' }`, in the order of the resource declarations (resources.ts). */
export const ABILITIES: readonly { key: AbilityKey; name: string }[] = DECLARED_ABILITIES;

export const ABILITY_KEYS: readonly AbilityKey[] = ABILITIES.map((a) => a.key);
const BY_NAME = new Map(ABILITIES.map((a) => [a.name.toLowerCase(), a.key]));

/** The ability key a permission name stands for ("Delete users" -> "users.delete"), or undefined. */
export const abilityOfPermission = (name: string) => BY_NAME.get(name.trim().toLowerCase());

/** True when `name` is one of the seeded catalogue names (case-insensitive): such a permission is fixed. */
export const isCatalogueName = (name: string) => BY_NAME.has(name.trim().toLowerCase());

/** Roles the product relies on by name (DESIGN.md §3): they can be edited but not renamed or deleted. */
export const BUILT_IN_ROLES: readonly string[] = ['admin', 'company'];

/** True for a built-in role's name (exact, as stored). */
export const isBuiltInRole = (name: string) => BUILT_IN_ROLES.includes(name);

/**
 * Whether a user may give a role the permission named `permissionName` (DESIGN.md §3 "nobody
 * grants what it does not hold"): admin may give any; others only a catalogue permission whose
 * ability they hold themselves. The server refuses the rest (403); the Roles screen greys them out.
 */
export const mayGrantPermission = (holder: { isAdmin: boolean; abilities: ReadonlySet<string> }, permissionName: string) =>
  holder.isAdmin || holder.abilities.has(abilityOfPermission(permissionName) ?? '');
