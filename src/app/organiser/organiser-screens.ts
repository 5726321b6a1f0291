import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/**
 * Child routes of the organiser shell (organiser-console §2 route table), relative to
 * /admin/organizer/{company_id}. Each screen is its own lazily loaded chunk. Screens read
 * their route parameters with wouter's useParams(); the company id comes from the shell's
 * nest (useParams() in the shell) — see organiser-app.tsx.
 *
 * Issue 4 owns: '', profile, holiday, booking, events, events/:eventId.
 * Issue 5 owns: events/:eventId/:campaignId, events/:eventId/:campaignId/add-template, template-generator.
 */
export const ORGANISER_SCREENS: { path: string; screen: LazyExoticComponent<ComponentType> }[] = [
  { path: '/events/:eventId/:campaignId/add-template', screen: lazy(() => import('../../features/templates/add-template.tsx')) },
  { path: '/template-generator', screen: lazy(() => import('../../features/templates/add-template.tsx')) },
  { path: '/events/:eventId/:campaignId', screen: lazy(() => import('../../features/campaigns/campaign-detail.tsx')) },
  { path: '/events/:eventId', screen: lazy(() => import('./event-detail-screen.tsx')) },
  { path: '/events', screen: lazy(() => import('../../features/events/events-screen.tsx')) },
  { path: '/booking', screen: lazy(() => import('../../features/bookings/bookings-screen.tsx')) },
  { path: '/holiday', screen: lazy(() => import('../../features/working-days/working-days-screen.tsx')) },
  { path: '/profile', screen: lazy(() => import('../../features/organiser-profile/profile-screen.tsx')) },
  { path: '/', screen: lazy(() => import('../../features/organiser-dashboard/organiser-dashboard.tsx')) },
];
