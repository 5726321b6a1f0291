import type { Sql } from '../db/sql.ts';
import type { AuthUser } from '../db/queries/auth.ts';
import { dashboardStats as statsOf, platformWeekly, twoStepAdoption } from '../db/queries/dashboard-stats.ts';
import { platformRegisteredPer, platformSalesPer } from '../db/queries/insights.ts';
import { Invalid } from '../runtime/domain-errors.ts';
import { addDays, dayStartIn } from '../../src/common/insight-days.ts';
import { dayIn, TIME_ZONE_MESSAGE, timeZoneName } from '../../src/common/time-zone.ts';
import type { PlatformFigures, PlatformWeek } from '../../src/common/contract/insights.ts';
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

/** How many weeks the platform's figures cover (the current one last). */
export const PLATFORM_WEEKS = 12;

/** The Mondays of the last `n` weeks up to the one holding `now` in `tz`, oldest first. */
export function weeksUpTo(tz: string, now: number, n = PLATFORM_WEEKS): string[] {
  const today = dayIn(tz, now);
  const monday = addDays(today, -((new Date(`${today}T00:00:00Z`).getUTCDay() + 6) % 7));
  return Array.from({ length: n }, (_, k) => addDays(monday, -7 * (n - 1 - k)));
}

/**
 * The administrators' dashboard's platform figures for `user` (docs/insights.md "The
 * administrators' dashboard"): per week (Monday to Sunday in `tz`, else UTC; 422 for an unknown
 * zone) over the last 12, each figure only when `user` may open the screen it comes from, with
 * that screen's view ability — Organizers: active organisers, events made, participants
 * registered, purchases, imports, and revenue only with the right to read payments (edit
 * organisers); Settings: e-mails sent and failed; Activity: sign-ins and failed sign-ins; Users:
 * two-step adoption. A figure the user may not see is absent, not 0.
 */
export async function platformFigures(sql: Sql, user: AuthUser, tzAsked: string | undefined, now = Date.now()): Promise<PlatformFigures> {
  const tz = tzAsked ? timeZoneName(tzAsked) : 'UTC';
  if (!tz) throw new Invalid({ tz: [TIME_ZONE_MESSAGE] });
  const allowed = await allowedScreens(sql, user);
  const may = (screen: string, ability: string) => (allowed === 'all' || allowed.has(screen)) && (user.isAdmin || user.abilities.has(ability));
  const mondays = weeksUpTo(tz, now);
  const bounds = [...mondays, addDays(mondays[mondays.length - 1], 7)].map((d) => dayStartIn(d, tz));
  const weeks: PlatformWeek[] = mondays.map((week) => ({ week }));
  const put = (key: Exclude<keyof PlatformWeek, 'week'>, values: number[]) => {
    for (const [i, w] of weeks.entries()) w[key] = values[i];
  };
  const per = (rows: { i: number; n: number }[]) => {
    const out = mondays.map(() => 0);
    for (const r of rows) out[Number(r.i)] = Number(r.n);
    return out;
  };
  if (may('organizers', 'organisers.view')) {
    put('active_organisers', await platformWeekly.activeOrganisers(sql, bounds));
    put('events', await platformWeekly.events(sql, bounds));
    put('participants', per(await platformRegisteredPer(sql, bounds)));
    const sales = await platformSalesPer(sql, bounds);
    put('purchases', per(sales.map((r) => ({ i: r.i, n: r.purchases }))));
    if (user.isAdmin || user.abilities.has('organisers.edit'))
      put(
        'revenue',
        per(sales.map((r) => ({ i: r.i, n: Number(r.revenue_cents) }))).map((c) => Math.round(c) / 100),
      );
    put('imports', await platformWeekly.imports(sql, bounds));
  }
  if (may('settings', 'settings.view')) {
    put('emails_sent', await platformWeekly.emailsSent(sql, bounds));
    put('emails_failed', await platformWeekly.emailsFailed(sql, bounds));
  }
  if (may('activity', 'activity.view')) {
    put('sign_ins', await platformWeekly.signIns(sql, bounds));
    put('sign_ins_failed', await platformWeekly.signInsFailed(sql, bounds));
  }
  return { tz, weeks, ...(may('users', 'users.view') ? { two_step: await twoStepAdoption(sql) } : {}) };
}
