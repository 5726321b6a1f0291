import { DECLARED_RECORDS, type AdminScreenKey, type DeclaredScreenKey } from '../common/resources.ts';
import { lazyArea, type LazyArea } from './lazy-area.ts';

/** An admin screen: a lazily loaded chunk, drawn with `screen`, its key. */
type AdminScreen = LazyArea<{ screen: string }>;

/**
 * The admin screens (admin-area §2 route table), path under /admin → screen: the path, the guarded
 * route name asked of route/check, and the screen. The shell (admin-shell.tsx) is one lazily loaded
 * chunk and every screen another, so a screen downloads only its own code with the shell's
 * (bench (a): every screen's scripts within 110 KB on the wire); build.mjs's AREAS announces each
 * screen's chunk on its route, and main.tsx loads it with the shell before the first render
 * (adminScreenAt), so an address opened directly paints its screen without a "Loading…" first.
 * Its type demands one screen for every screen the resource declarations name
 * (src/common/resources.ts): written here, or drawn from the declaration for a resource served
 * by the common case (components/declared-screen.tsx, one chunk for all of them).
 */
const OWN_SCREENS: Readonly<Record<Exclude<AdminScreenKey, DeclaredScreenKey>, AdminScreen>> = {
  permissions: lazyArea(() => import('../features/permissions/permissions-screen.tsx').then((m) => m.default)),
  roles: lazyArea(() => import('../features/roles/roles-screen.tsx').then((m) => m.default)),
  users: lazyArea(() => import('../features/users/users-screen.tsx').then((m) => m.default)),
  adminmenus: lazyArea(() => import('../features/menus/menus-screen.tsx').then((m) => m.default)),
  settings: lazyArea(() => import('./settings-and-webhooks.tsx').then((m) => m.default)),
  organizers: lazyArea(() => import('../features/organisers/organisers-screen.tsx').then((m) => m.default)),
  activity: lazyArea(() => import('../features/activity/activity-screen.tsx').then((m) => m.default)),
};
const DeclaredScreen: AdminScreen = lazyArea(() => import('../components/declared-screen.tsx').then((m) => m.DeclaredScreenAt));

/** Every admin screen: its own component, or the declared resources' common one; each is drawn with `screen`, its key. */
export const ADMIN_SCREENS: Readonly<Record<AdminScreenKey, AdminScreen>> = {
  ...OWN_SCREENS,
  ...(Object.fromEntries(DECLARED_RECORDS.map((d) => [d.screen.key, DeclaredScreen])) as Record<DeclaredScreenKey, AdminScreen>),
};

/** The admin dashboard (/admin). */
export const Dashboard = lazyArea(() => import('../features/dashboard/dashboard.tsx').then((m) => m.default));
/** My account (/admin/account), which every signed-in user may open. */
export const AccountScreen = lazyArea(() => import('../features/account/account-screen.tsx').then((m) => m.default));

/**
 * The screen an address inside the admin shell opens (`path` relative to /admin: "/", "/users/3"),
 * for loading it ahead of its first render; null for an address that only redirects.
 */
export function adminScreenAt(path: string): { preload(): Promise<void> } | null {
  const first = /^\/?([^/]*)/.exec(path)![1];
  if (first === '') return Dashboard;
  if (first === 'account') return AccountScreen;
  return Object.hasOwn(ADMIN_SCREENS, first) ? ADMIN_SCREENS[first as AdminScreenKey] : null;
}
