import '../lib/messages/shell.ts';
import '../lib/messages/sweep.ts';
import type { MessageKey } from '../common/i18n/catalogs/en.ts';
import type { ScreenKey } from '../common/screens.ts';
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
