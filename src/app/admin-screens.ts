import type { ComponentType } from 'react';
import { DECLARED_RECORDS, type AdminScreenKey, type DeclaredScreenKey } from '../common/resources.ts';
import { DeclaredScreenAt } from '../components/declared-screen.tsx';
import PermissionsScreen from '../features/permissions/permissions-screen.tsx';
import RolesScreen from '../features/roles/roles-screen.tsx';
import UsersScreen from '../features/users/users-screen.tsx';
import MenusScreen from '../features/menus/menus-screen.tsx';
import SettingsScreen from './settings-and-webhooks.tsx';
import OrganisersScreen from '../features/organisers/organisers-screen.tsx';
import ActivityScreen from '../features/activity/activity-screen.tsx';

/**
 * The admin screens (admin-area §2 route table), path under /admin → screen: the path, the guarded route name
 * asked of route/check, and the screen. The whole admin area is one lazily loaded chunk
 * (app.tsx imports the shell lazily), so sign-in stays small and a signed-in list needs only a
 * few script requests (at most 8); screens are not split further. Its type demands one screen for
 * every screen the resource declarations name (src/common/resources.ts): written here, or drawn
 * from the declaration for a resource served by the common case (components/declared-screen.tsx).
 */
const OWN_SCREENS: Readonly<Record<Exclude<AdminScreenKey, DeclaredScreenKey>, ComponentType<{ screen: string }>>> = {
  permissions: PermissionsScreen,
  roles: RolesScreen,
  users: UsersScreen,
  adminmenus: MenusScreen,
  settings: SettingsScreen,
  organizers: OrganisersScreen,
  activity: ActivityScreen,
};

/** Every admin screen: its own component, or the declared resources' common one; each is drawn with `screen`, its key. */
export const ADMIN_SCREENS: Readonly<Record<AdminScreenKey, ComponentType<{ screen: string }>>> = {
  ...OWN_SCREENS,
  ...(Object.fromEntries(DECLARED_RECORDS.map((d) => [d.screen.key, DeclaredScreenAt])) as Record<DeclaredScreenKey, ComponentType<{ screen: string }>>),
};
