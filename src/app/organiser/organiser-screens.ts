import { lazyArea, type LazyArea } from '../lazy-area.ts';

/** The template wizard and editor (docs/campaigns.md). */
const AddTemplate = lazyArea(() => import('../../features/templates/add-template.tsx').then((m) => m.default));

/**
 * Child routes of the organiser shell (organiser-console §2 route table), relative to
 * /admin/organizer/{company_id}. The organiser console (organiser-app.tsx) is a lazily loaded
 * chunk with its frame and sidebar, and every screen is a chunk of its own (the template editor,
 * the event detail and the campaign detail the largest), so a screen downloads only its own code
 * with the console's (bench (a): every screen's scripts within 110 KB on the wire). build.mjs's
 * AREAS announces each screen's chunk on its route, and main.tsx loads it with the console
 * before the first render (organiserScreenAt), so an address opened directly paints its screen
 * without a "Loading…" first. Screens read their route parameters with wouter's useParams();
 * the company id comes from the shell's nest (useParams() in the shell) — see organiser-app.tsx.
 */
export const ORGANISER_SCREENS: Readonly<Record<string, LazyArea<object>>> = {
  '/events/:eventId/:campaignId/add-template': AddTemplate,
  '/template-generator': AddTemplate,
  '/events/:eventId/:campaignId': lazyArea(() => import('../../features/campaigns/campaign-detail.tsx').then((m) => m.default)),
  '/events/:eventId': lazyArea(() => import('./event-detail-screen.tsx').then((m) => m.default)),
  '/events': lazyArea(() => import('../../features/events/events-screen.tsx').then((m) => m.default)),
  '/booking': lazyArea(() => import('../../features/bookings/bookings-screen.tsx').then((m) => m.default)),
  '/holiday': lazyArea(() => import('../../features/working-days/working-days-screen.tsx').then((m) => m.default)),
  '/activity': lazyArea(() => import('../../features/activity/activity-screen.tsx').then((m) => m.default)),
  '/reports': lazyArea(() => import('../../features/reports/reports-screen.tsx').then((m) => m.default)),
  '/webhooks': lazyArea(() => import('../../features/webhooks/webhooks-screen.tsx').then((m) => m.default)),
  '/profile': lazyArea(() => import('../../features/organiser-profile/profile-screen.tsx').then((m) => m.default)),
  '/': lazyArea(() => import('../../features/organiser-dashboard/organiser-dashboard.tsx').then((m) => m.default)),
};

/** The screens the organiser sidebar leads to (the dashboard and the lists), loaded once the console is idle. */
export const MENU_SCREENS = ['/', '/events', '/booking', '/holiday', '/activity', '/profile'].map((p) => ORGANISER_SCREENS[p]);

/** A route of ORGANISER_SCREENS as a pattern for a whole path: each `:name` one segment, an optional trailing slash. */
const patternOf = (route: string) => new RegExp(`^${route.replace(/:\w+/g, '[^/]+').replace(/\/$/, '')}/?$`);
const PATTERNS = Object.entries(ORGANISER_SCREENS).map(([route, screen]) => [patternOf(route), screen] as const);

/**
 * The screen an address inside the organiser console opens (`path` relative to
 * /admin/organizer/{company_id}: "", "/events/5"), the first route that matches as in the
 * console's Switch, for loading it ahead of its first render; null for an address that only redirects.
 */
export function organiserScreenAt(path: string): LazyArea<object> | null {
  return PATTERNS.find(([pattern]) => pattern.test(path))?.[1] ?? null;
}
