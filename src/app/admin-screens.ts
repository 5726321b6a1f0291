import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/**
 * The admin screens (admin-area §2 route table): `path` under /admin, the guarded route name
 * asked of route/check, and the lazily loaded screen (each its own chunk, so sign-in stays small).
 */
export const ADMIN_SCREENS: { path: string; screen: LazyExoticComponent<ComponentType> }[] = [
  { path: 'permissions', screen: lazy(() => import('../features/permissions/permissions-screen.tsx')) },
];
