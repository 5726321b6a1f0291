import type { ComponentType } from 'react';
import type { AdminScreenKey } from '../common/resources.ts';
import PermissionsScreen from '../features/permissions/permissions-screen.tsx';
import RolesScreen from '../features/roles/roles-screen.tsx';
import UsersScreen from '../features/users/users-screen.tsx';
import PagesScreen from '../features/pages/pages-screen.tsx';
import MenusScreen from '../features/menus/menus-screen.tsx';
import SettingsScreen from '../features/settings/settings-screen.tsx';
import OrganisersScreen from '../features/organisers/organisers-screen.tsx';
import ActivityScreen from '../features/activity/activity-screen.tsx';

/**
 * The admin screens (admin-area §2 route table), path under /admin → screen: the path, the guarded route name
 * asked of route/check, and the screen. The whole admin area is one lazily loaded chunk
 * (app.tsx imports the shell lazily), so sign-in stays small and a signed-in list needs only a
 * few script requests (at most 8); screens are not split further. Its type demands one screen for
 * every screen the resource declarations name (src/common/resources.ts).
 */
export const ADMIN_SCREENS: Readonly<Record<AdminScreenKey, ComponentType>> = {
  permissions: PermissionsScreen,
  roles: RolesScreen,
  users: UsersScreen,
  pages: PagesScreen,
  adminmenus: MenusScreen,
  settings: SettingsScreen,
  organizers: OrganisersScreen,
  activity: ActivityScreen,
};
