import { Hono } from 'hono';
import type { AppEnv } from '../context.ts';
import { authRoutes } from './auth.ts';
import { permissionRoutes } from './permissions.ts';
import { campaignRoutes } from './campaigns.ts';
import { templateRoutes } from './templates.ts';
import { participantVideoRoutes } from './participant-videos.ts';
import { conferenceUserRoutes } from './conference-users.ts';
import { bookingRoutes } from './bookings.ts';
import { holidayRoutes } from './holiday.ts';
import { eventRoutes } from './events.ts';
import { eventPhotoRoutes } from './event-photos.ts';
import { organiserDashboardRoutes } from './organiser-dashboard.ts';
import { roleRoutes } from './roles.ts';
import { userRoutes } from './users.ts';
import { pageRoutes } from './pages.ts';
import { adminMenuRoutes } from './adminmenus.ts';
import { settingsRoutes } from './settings.ts';
import { organiserRoutes } from './organisers.ts';
import { importJobRoutes } from './import-jobs.ts';

/** Every `/api` resource (admin-area §7, organiser-console §7), one file each under routes/. */
export const apiRoutes = new Hono<AppEnv>()
  .get('/ping', (c) => c.json({ status: 'success', message: '', data: 'pong' }))
  .route('/', authRoutes)
  // Organiser console (issue 4). Kept before any `/organiser/:id` route: Hono matches in order, and
  // `organiser/bookings` / `organiser/holiday` must not be read as an organiser id.
  .route('/organiser', bookingRoutes)
  .route('/organiser/holiday', holidayRoutes)
  .route('/holiday', holidayRoutes)
  .route('/organiser-dashboard', organiserDashboardRoutes)
  .route('/', eventRoutes)
  .route('/', eventPhotoRoutes)
  // Campaigns, templates, video moderation, conference users (issue 5).
  .route('/', campaignRoutes)
  .route('/', templateRoutes)
  .route('/', participantVideoRoutes)
  .route('/', conferenceUserRoutes)
  .route('/permission', permissionRoutes)
  // Administrator area (issue 3). user/get and user/getmenu (authRoutes) are matched before /user/:id.
  .route('/role', roleRoutes)
  .route('/user', userRoutes)
  .route('/page', pageRoutes)
  .route('/adminmenu', adminMenuRoutes)
  .route('/', settingsRoutes)
  .route('/organiser', organiserRoutes)
  .route('/import-job', importJobRoutes);
