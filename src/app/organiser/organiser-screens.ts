import { lazy, type ComponentType } from 'react';
import EventsScreen from '../../features/events/events-screen.tsx';
import BookingsScreen from '../../features/bookings/bookings-screen.tsx';
import WorkingDaysScreen from '../../features/working-days/working-days-screen.tsx';
import ActivityScreen from '../../features/activity/activity-screen.tsx';
import ProfileScreen from '../../features/organiser-profile/profile-screen.tsx';
import OrganiserDashboard from '../../features/organiser-dashboard/organiser-dashboard.tsx';

/** The template wizard and editor (docs/campaigns.md). */
const AddTemplate = lazy(() => import('../../features/templates/add-template.tsx'));
/** The event detail (its tabs: campaigns, participants, photos) and the campaign detail. */
const EventDetailScreen = lazy(() => import('./event-detail-screen.tsx'));
const CampaignDetailScreen = lazy(() => import('../../features/campaigns/campaign-detail.tsx'));
/** Webhooks (docs/webhooks.md): a screen few visits open, so a chunk of its own. */
const WebhooksScreen = lazy(() => import('../../features/webhooks/webhooks-screen.tsx'));

/**
 * Child routes of the organiser shell (organiser-console §2 route table), relative to
 * /admin/organizer/{company_id}. The organiser console is a lazily loaded chunk (app.tsx) with
 * its lists, dashboard and profile; the three largest screens, the template editor, the event
 * detail and the campaign detail, are chunks of their own, so the other screens do not download
 * them (every screen's scripts stay within 110 KB on the wire, bench (a)). build.mjs's AREAS
 * announces each of those chunks on its route, so a screen opened by its address loads its
 * chunk alongside the console's instead of after it. Screens read their route parameters with
 * wouter's useParams(); the company id comes from the shell's nest (useParams() in the shell) —
 * see organiser-app.tsx.
 */
export const ORGANISER_SCREENS: Readonly<Record<string, ComponentType>> = {
  '/events/:eventId/:campaignId/add-template': AddTemplate,
  '/template-generator': AddTemplate,
  '/events/:eventId/:campaignId': CampaignDetailScreen,
  '/events/:eventId': EventDetailScreen,
  '/events': EventsScreen,
  '/booking': BookingsScreen,
  '/holiday': WorkingDaysScreen,
  '/activity': ActivityScreen,
  '/webhooks': WebhooksScreen,
  '/profile': ProfileScreen,
  '/': OrganiserDashboard,
};
