/**
 * One declaration per resource (docs/architecture.md "Adding a resource"): everything the
 * product names a resource by lives in its entry here, and every list that names resources,
 * screens or abilities is derived from this table — the ability catalogue (abilities.ts), the
 * admin screens and their menus (screens.ts, the seed's menus), the activity log's words
 * (contract/rules.ts), the screen an ability needs (access-explainer.ts), the console's admin
 * route table and menu icons (their types demand an entry per screen). Pure: no DOM, no Node.
 *
 * An entry:
 *   - `word`: the record's name in the activity log ("Updated User “Ann”");
 *   - `abilities`: the permission catalogue's label and verbs ("Delete users" = users.delete),
 *     seeded as permissions of the same names (DESIGN.md §3); `screen` when the ability's calls
 *     need another resource's screen, `alsoNeeds` when they need another ability too;
 *   - `screen`: the admin screen (route `/admin/<key>`, route/check's key, requireScreen's name),
 *     its menu title (the seed's admin menu) and its icon.
 * Order matters: it is the order of the Roles checklist, the sidebar's seeded menus and the
 * Activity filter.
 */

/** What an ability lets its holder do to a resource. */
export type Verb = 'view' | 'create' | 'edit' | 'delete' | 'import' | 'moderate';

/** The icons a screen's menu can carry (src/components/icons.tsx draws each). */
export type IconName = 'key' | 'shield' | 'users' | 'page' | 'menu-list' | 'settings' | 'building' | 'history';

/** One resource's declaration (see the module's comment). */
export interface ResourceDeclaration {
  word: string;
  abilities?: { label: string; verbs: readonly Verb[]; screen?: string; alsoNeeds?: string };
  screen?: { key: string; title: string; icon: IconName };
}

const CRUD = ['view', 'create', 'edit', 'delete'] as const;

/** Every resource of the product, in display order. */
export const RESOURCES = {
  session: { word: 'Sign-in' },
  permissions: { word: 'Permission', abilities: { label: 'permissions', verbs: CRUD }, screen: { key: 'permissions', title: 'Permissions', icon: 'key' } },
  roles: { word: 'Role', abilities: { label: 'roles', verbs: CRUD }, screen: { key: 'roles', title: 'Roles', icon: 'shield' } },
  users: { word: 'User', abilities: { label: 'users', verbs: [...CRUD, 'import'] }, screen: { key: 'users', title: 'Users', icon: 'users' } },
  pages: { word: 'Page', abilities: { label: 'pages', verbs: CRUD }, screen: { key: 'pages', title: 'Pages', icon: 'page' } },
  menus: { word: 'Menu', abilities: { label: 'menus', verbs: CRUD }, screen: { key: 'adminmenus', title: 'Menus', icon: 'menu-list' } },
  settings: { word: 'Settings', abilities: { label: 'settings', verbs: ['view', 'edit'] }, screen: { key: 'settings', title: 'Settings', icon: 'settings' } },
  organisers: { word: 'Organizer', abilities: { label: 'organizers', verbs: CRUD }, screen: { key: 'organizers', title: 'Organizers', icon: 'building' } },
  bookings: { word: 'Booking' },
  working_days: { word: 'Working days' },
  events: { word: 'Event' },
  photos: { word: 'Event photos' },
  // An organiser's own records (its events' participants): no admin ability or screen.
  participants: { word: 'Participant' },
  campaigns: { word: 'Campaign' },
  templates: { word: 'Template' },
  // Staff moderate an organiser's videos from its pages: the Organizers screen and View organizers.
  videos: { word: 'Video', abilities: { label: 'videos', verbs: ['moderate'], screen: 'organizers', alsoNeeds: 'organisers.view' } },
  conference_users: { word: 'Conference user' },
  recognition: { word: 'Recognition event' },
  imports: { word: 'Import' },
  activity: { word: 'Activity entry', abilities: { label: 'activity', verbs: ['view'] }, screen: { key: 'activity', title: 'Activity', icon: 'history' } },
} as const satisfies Record<string, ResourceDeclaration>;

type Resources = typeof RESOURCES;
/** A resource's key: `users`, `menus`, … */
export type ResourceKey = keyof Resources;

/** An ability's key, `<resource>.<verb>` for the verbs its resource declares: a misspelt one fails the type check. */
export type AbilityKey = {
  [K in ResourceKey]: Resources[K] extends { abilities: { verbs: readonly (infer V extends string)[] } } ? `${K}.${V}` : never
}[ResourceKey];

/** An admin screen's key ('' is the dashboard): a misspelt one fails the type check. */
export type ScreenKey = '' | { [K in ResourceKey]: Resources[K] extends { screen: { key: infer S extends string } } ? S : never }[ResourceKey];

/** The admin screens other than the dashboard: the console's route table must hold one component for each. */
export type AdminScreenKey = Exclude<ScreenKey, ''>;

/** Every entry as [key, declaration], in declaration order. */
export const RESOURCE_ENTRIES = Object.entries(RESOURCES) as [ResourceKey, ResourceDeclaration][];

const title = (s: string) => s[0].toUpperCase() + s.slice(1);

/** Every ability: `{ key: 'users.delete', name: 'Delete users' }`, in declaration order. */
export const DECLARED_ABILITIES: readonly { key: AbilityKey; name: string }[] = RESOURCE_ENTRIES.flatMap(([key, r]) =>
  (r.abilities?.verbs ?? []).map((v) => ({ key: `${key}.${v}` as AbilityKey, name: `${title(v)} ${r.abilities!.label}` })));

/** Every admin screen with its menu: the dashboard ('') first, then the declared screens in order. */
export const DECLARED_SCREENS: readonly { key: ScreenKey; name: string; icon: IconName | null }[] = [
  { key: '', name: 'Dashboard', icon: null },
  ...RESOURCE_ENTRIES.flatMap(([, r]) => (r.screen ? [{ key: r.screen.key as ScreenKey, name: r.screen.title, icon: r.screen.icon }] : [])),
];

/** The menus every install starts with (DESIGN.md §3): [title, url] of each declared screen. */
export const DECLARED_MENUS: readonly (readonly [title: string, url: string])[] = RESOURCE_ENTRIES.flatMap(([, r]) =>
  (r.screen ? [[r.screen.title, `/admin/${r.screen.key}`] as const] : []));

/** The activity log's word for each resource. */
export const RESOURCE_WORDS = Object.fromEntries(RESOURCE_ENTRIES.map(([key, r]) => [key, r.word])) as { readonly [K in ResourceKey]: Resources[K]['word'] };

/** The screen an ability's calls need: its resource's own screen, or the one it declares (`videos.moderate` -> `organizers`). */
export function screenOfAbility(key: string): string {
  const r = RESOURCES[key.split('.')[0] as ResourceKey] as ResourceDeclaration | undefined;
  return r?.abilities?.screen ?? r?.screen?.key ?? key.split('.')[0];
}

/** The ability an ability's calls need besides their own (`videos.moderate` -> `organisers.view`), if any. */
export function alsoNeeds(key: string): string | undefined {
  return (RESOURCES[key.split('.')[0] as ResourceKey] as ResourceDeclaration | undefined)?.abilities?.alsoNeeds;
}
