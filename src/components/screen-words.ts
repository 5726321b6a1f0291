import '../lib/messages/shell.ts';
import '../lib/messages/sweep.ts';
import type { MessageKey } from '../common/i18n/catalogs/en.ts';
import type { ScreenKey } from '../common/screens.ts';
import type { AbilityKey } from '../common/resources.ts';
import { DECLARED_MENUS } from '../common/declared-access.ts';
import { abilityOfPermission } from '../common/abilities.ts';
import { screenOf } from '../common/screens.ts';
import { t } from '../lib/i18n.ts';

/** Each admin screen's name as a message (common/screens.ts SCREENS names it in English: "Dashboard", "Users"). */
const SCREEN_KEYS = {
  '': 'nav.dashboard',
  permissions: 'sweep.menu.permissions',
  roles: 'sweep.menu.roles',
  users: 'sweep.menu.users',
  pages: 'sweep.menu.pages',
  adminmenus: 'sweep.menu.adminmenus',
  settings: 'sweep.menu.settings',
  organizers: 'sweep.menu.organizers',
  activity: 'sweep.menu.activity',
} as const satisfies Record<ScreenKey, MessageKey>;

/** An admin screen's name in the reader's language ("Utilisateurs"); a key the console does not know gives `fallback`. */
export const screenWord = (key: string, fallback = key): string => (Object.hasOwn(SCREEN_KEYS, key) ? t(SCREEN_KEYS[key as ScreenKey]) : fallback);

/** Each ability's name as a message (common/abilities.ts ABILITIES names it in English: "View users"). */
const ABILITY_KEYS = {
  'permissions.view': 'sweep.ability.permissions.view',
  'permissions.create': 'sweep.ability.permissions.create',
  'permissions.edit': 'sweep.ability.permissions.edit',
  'permissions.delete': 'sweep.ability.permissions.delete',
  'roles.view': 'sweep.ability.roles.view',
  'roles.create': 'sweep.ability.roles.create',
  'roles.edit': 'sweep.ability.roles.edit',
  'roles.delete': 'sweep.ability.roles.delete',
  'users.view': 'sweep.ability.users.view',
  'users.create': 'sweep.ability.users.create',
  'users.edit': 'sweep.ability.users.edit',
  'users.delete': 'sweep.ability.users.delete',
  'users.import': 'sweep.ability.users.import',
  'pages.view': 'sweep.ability.pages.view',
  'pages.create': 'sweep.ability.pages.create',
  'pages.edit': 'sweep.ability.pages.edit',
  'pages.delete': 'sweep.ability.pages.delete',
  'menus.view': 'sweep.ability.menus.view',
  'menus.create': 'sweep.ability.menus.create',
  'menus.edit': 'sweep.ability.menus.edit',
  'menus.delete': 'sweep.ability.menus.delete',
  'settings.view': 'sweep.ability.settings.view',
  'settings.edit': 'sweep.ability.settings.edit',
  'organisers.view': 'sweep.ability.organisers.view',
  'organisers.create': 'sweep.ability.organisers.create',
  'organisers.edit': 'sweep.ability.organisers.edit',
  'organisers.delete': 'sweep.ability.organisers.delete',
  'videos.moderate': 'sweep.ability.videos.moderate',
  'activity.view': 'sweep.ability.activity.view',
} as const satisfies Record<AbilityKey, MessageKey>;

/** An ability's name in the reader's language ("Consulter les utilisateurs"); a key the console does not know gives `fallback`. */
export const abilityWord = (key: string, fallback = key): string => (Object.hasOwn(ABILITY_KEYS, key) ? t(ABILITY_KEYS[key as AbilityKey]) : fallback);

/**
 * A menu's title in the reader's language while it is still the one the platform gave it
 * (resources.ts DECLARED_MENUS: the screen's title at /admin/<screen>); a menu an administrator
 * renamed, or one of their own, is shown as written.
 */
export function menuTitle(m: { title: string; url: string }): string {
  const key = screenOf(m.url);
  const own = key !== '' && DECLARED_MENUS.some(([title, url]) => screenOf(url) === key && title === m.title.trim());
  return own ? screenWord(key, m.title) : m.title;
}

/** A permission's name in the reader's language when it is one of the catalogue's ("View users"); any other as written. */
export function permissionWord(name: string): string {
  const key = abilityOfPermission(name);
  return key ? abilityWord(key, name) : name;
}
