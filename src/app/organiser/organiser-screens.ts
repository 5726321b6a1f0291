import { lazy, type ComponentType } from 'react';
import CampaignDetail from '../../features/campaigns/campaign-detail.tsx';
import EventDetailScreen from './event-detail-screen.tsx';
import EventsScreen from '../../features/events/events-screen.tsx';
import BookingsScreen from '../../features/bookings/bookings-screen.tsx';
import WorkingDaysScreen from '../../features/working-days/working-days-screen.tsx';
import ActivityScreen from '../../features/activity/activity-screen.tsx';
import ProfileScreen from '../../features/organiser-profile/profile-screen.tsx';
import OrganiserDashboard from '../../features/organiser-dashboard/organiser-dashboard.tsx';

/** The template wizard and editor: the one screen loaded apart (its own chunk, docs/campaigns.md). */
const AddTemplate = lazy(() => import('../../features/templates/add-template.tsx'));

/**
 * Child routes of the organiser shell (organiser-console §2 route table), relative to
 * /admin/organizer/{company_id}. The organiser console is one lazily loaded chunk (app.tsx), so
 * a screen needs few script requests; only the template editor, large and rarely
 * opened, is its own chunk. Screens read their route parameters with wouter's useParams(); the
 * company id comes from the shell's nest (useParams() in the shell) — see organiser-app.tsx.
 *
 */
export const ORGANISER_SCREENS: Readonly<Record<string, ComponentType>> = {
  '/events/:eventId/:campaignId/add-template': AddTemplate,
  '/template-generator': AddTemplate,
  '/events/:eventId/:campaignId': CampaignDetail,
  '/events/:eventId': EventDetailScreen,
  '/events': EventsScreen,
  '/booking': BookingsScreen,
  '/holiday': WorkingDaysScreen,
  '/activity': ActivityScreen,
  '/profile': ProfileScreen,
  '/': OrganiserDashboard,
};
