import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/**
 * The admin screens (admin-area §2 route table): `path` under /admin, the guarded route name
 * asked of route/check, and the lazily loaded screen (each its own chunk, so sign-in stays small).
 */
export const ADMIN_SCREENS: { path: string; screen: LazyExoticComponent<ComponentType> }[] = [
  { path: 'permissions', screen: lazy(() => import('../features/permissions/permissions-screen.tsx')) },
  { path: 'roles', screen: lazy(() => import('../features/roles/roles-screen.tsx')) },
  { path: 'users', screen: lazy(() => import('../features/users/users-screen.tsx')) },
  { path: 'pages', screen: lazy(() => import('../features/pages/pages-screen.tsx')) },
  { path: 'adminmenus', screen: lazy(() => import('../features/menus/menus-screen.tsx')) },
  { path: 'settings', screen: lazy(() => import('../features/settings/settings-screen.tsx')) },
  { path: 'organizers', screen: lazy(() => import('../features/organisers/organisers-screen.tsx')) },
];
