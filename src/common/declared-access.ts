import type { IconName } from './resource-shapes.ts';
import { type AbilityKey, RESOURCE_ENTRIES, RESOURCES, type ResourceDeclaration, type ResourceKey, type ScreenKey } from './resources.ts';

/**
 * The admin console's access, derived from the resources' declarations (resources.ts): every
 * ability, every admin screen and its seeded menu, and the screen and extra ability an ability's
 * calls need. Pure: no DOM, no Node.
 */

const title = (s: string) => s[0].toUpperCase() + s.slice(1);

/** Every ability: `{ key: 'users.delete', name: 'Delete users' }`, in declaration order. */
export const DECLARED_ABILITIES: readonly { key: AbilityKey; name: string }[] = RESOURCE_ENTRIES.flatMap(([key, r]) =>
  (r.abilities?.verbs ?? []).map((v) => ({ key: `${key}.${v}` as AbilityKey, name: `${title(v)} ${r.abilities!.label}` })),
);

/** Every admin screen with its menu: the dashboard ('') first, then the declared screens in order. */
export const DECLARED_SCREENS: readonly { key: ScreenKey; name: string; icon: IconName | null }[] = [
  { key: '', name: 'Dashboard', icon: null },
  ...RESOURCE_ENTRIES.flatMap(([, r]) => (r.screen ? [{ key: r.screen.key as ScreenKey, name: r.screen.title, icon: r.screen.icon }] : [])),
];

/** The menus every install starts with (DESIGN.md §3): [title, url] of each declared screen. */
export const DECLARED_MENUS: readonly (readonly [title: string, url: string])[] = RESOURCE_ENTRIES.flatMap(([, r]) =>
  r.screen ? [[r.screen.title, `/admin/${r.screen.key}`] as const] : [],
);

/** The screen an ability's calls need: its resource's own screen, or the one it declares (`videos.moderate` -> `organizers`). */
export function screenOfAbility(key: string): string {
  const r = RESOURCES[key.split('.')[0] as ResourceKey] as ResourceDeclaration | undefined;
  return r?.abilities?.screen ?? r?.screen?.key ?? key.split('.')[0];
}

/** The ability an ability's calls need besides their own (`videos.moderate` -> `organisers.view`), if any. */
export function alsoNeeds(key: string): string | undefined {
  return (RESOURCES[key.split('.')[0] as ResourceKey] as ResourceDeclaration | undefined)?.abilities?.alsoNeeds;
}
