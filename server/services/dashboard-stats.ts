import type { Sql } from '../db/sql.ts';
import type { AuthUser } from '../db/queries/auth.ts';
import { dashboardStats as statsOf } from '../db/queries/dashboard-stats.ts';
import { allowedScreens } from '../lib/auth/screens.ts';
import { listScope } from './users.ts';
import type { DashboardStats } from '../../src/common/contract/admin.ts';

const count = async (sql: Sql, q: string, p: unknown[] = []) => Number((await sql.get<{ n: number }>(q, p as never))?.n ?? 0);

/**
 * The live figure of each admin screen that has one, in menu order: how many rows the screen
 * lists for `user` (Users: only the users its role may manage). A screen without a line here
 * shows no figure.
 */
const SCREEN_FIGURES: { screen: string; count: (sql: Sql, user: AuthUser) => Promise<number> }[] = [
  { screen: 'permissions', count: (sql) => count(sql, 'SELECT COUNT(*) AS n FROM permissions') },
  { screen: 'roles', count: (sql) => count(sql, 'SELECT COUNT(*) AS n FROM roles') },
  {
    screen: 'users',
    count: async (sql, user) => {
      const scope = await listScope(sql, user);
      return count(sql, scope.count ?? `SELECT COUNT(*) AS n FROM users u WHERE ${scope.where || '1 = 1'}`, scope.params);
    },
  },
  { screen: 'pages', count: (sql) => count(sql, 'SELECT COUNT(*) AS n FROM pages') },
  { screen: 'adminmenus', count: (sql) => count(sql, 'SELECT COUNT(*) AS n FROM admin_menus') },
];

/**
 * The dashboard's live figures for `user` (contract DashboardStats): `screens`, one count per
 * screen it may open (SCREEN_FIGURES), and with the Organizers screen the organiser-wide counts
 * and campaigns per month for the 12 months around the current one (UTC), `now` in ms.
 */
export async function dashboardStats(sql: Sql, user: AuthUser, now = Date.now()): Promise<DashboardStats> {
  const allowed = await allowedScreens(sql, user);
  const has = (screen: string) => allowed === 'all' || allowed.has(screen);
  const screens = [];
  for (const f of SCREEN_FIGURES) if (has(f.screen)) screens.push({ key: f.screen, count: await f.count(sql, user) });
  const organisers = has('organizers') ? await statsOf(sql, new Date(now).toISOString().slice(0, 7)) : {};
  return { ...organisers, screens };
}
