import { ok } from '../http/envelope.ts';
import { Hono } from 'hono';
import type { AppEnv } from '../http/context.ts';
import { authRoutes } from './auth.ts';
import { accountRoutes } from './account.ts';
import { accountLanguageRoutes } from './account-language.ts';
import { twoStepRoutes } from './two-step.ts';
import { permissionRoutes } from './permissions.ts';
import { campaignRoutes } from './campaigns.ts';
import { templateRoutes } from './templates.ts';
import { participantVideoRoutes } from './participant-videos.ts';
import { conferenceUserRoutes } from './conference-users.ts';
import { bookingRoutes } from './bookings.ts';
import { closureRoutes } from './closures.ts';
import { workingDayRoutes } from './working-days.ts';
import { eventRoutes } from './events.ts';
import { eventPhotoRoutes } from './event-photos.ts';
import { galleryRoutes, participantRoutes } from './participants.ts';
import { insightRoutes } from './insights.ts';
import { organiserDashboardRoutes } from './organiser-dashboard.ts';
import { roleRoutes } from './roles.ts';
import { userRoutes } from './users.ts';
import { userImportRoutes } from './user-import.ts';
import { declaredApi } from './declared.ts';
import { menuRoutes } from './menus.ts';
import { settingsRoutes } from './settings.ts';
import { organiserRoutes } from './organisers.ts';
import { importJobRoutes } from './import-jobs.ts';
import { dashboardStatsRoutes } from './dashboard-stats.ts';
import { deleteImpactRoutes } from './delete-impact.ts';
import { activityRoutes } from './activity.ts';
import { tokenRoutes } from './tokens.ts';
import { VERSIONED_ROUTES } from '../http/middleware/versions.ts';
import { webhookRoutes } from './webhooks.ts';
import { streamRoutes } from './stream.ts';
import { leaseRoutes } from './leases.ts';
import { reportScheduleRoutes, reportUnsubscribeRoutes } from './reports.ts';

/** Record versions (ETag, If-Match: http/middleware/versions.ts) on the versioned records' own paths only. */
const versioned = VERSIONED_ROUTES.reduce((app, [path, mw]) => app.use(path, mw), new Hono<AppEnv>());

/** Every `/api` resource (admin-area §7, organiser-console §7), one file each under routes/. */
export const apiRoutes = versioned
  .get('/ping', (c) => ok(c, 'pong'))
  // The change stream (docs/live.md): Server-Sent Events of what the signed-in user may read.
  .route('/', streamRoutes)
  // Edit leases (docs/live.md "Who is editing"): who has a record's edit form open.
  .route('/', leaseRoutes)
  .route('/', authRoutes)
  .route('/', accountRoutes)
  .route('/', accountLanguageRoutes)
  .route('/', twoStepRoutes)
  .route('/', tokenRoutes)
  // Organiser console. Kept before any `/organiser/:id` route: Hono matches in order, and
  // `organiser/bookings` / `organiser/holiday` must not be read as an organiser id.
  .route('/organiser', bookingRoutes)
  .route('/organiser/holiday', workingDayRoutes)
  .route('/holiday', workingDayRoutes)
  .route('/closures', closureRoutes)
  .route('/organiser-dashboard', organiserDashboardRoutes)
  .route('/dashboard-stats', dashboardStatsRoutes)
  .route('/', eventRoutes)
  .route('/', eventPhotoRoutes)
  .route('/', participantRoutes)
  .route('/', insightRoutes)
  .route('/', galleryRoutes)
  // Campaigns, templates, video moderation, conference users.
  .route('/', campaignRoutes)
  .route('/', templateRoutes)
  .route('/', participantVideoRoutes)
  .route('/', conferenceUserRoutes)
  .route('/permission', permissionRoutes)
  // Administrator area. user/get and user/getmenu (authRoutes) are matched before /user/:id.
  .route('/role', roleRoutes)
  .route('/user', userImportRoutes)
  .route('/user', userRoutes)
  // Every resource served by the common case (src/common/resources.ts `records`): /page, …
  .route('/', declaredApi)
  .route('/adminmenu', menuRoutes)
  .route('/', settingsRoutes)
  .route('/', deleteImpactRoutes)
  .route('/organiser', organiserRoutes)
  .route('/import-job', importJobRoutes)
  .route('/activity', activityRoutes)
  .route('/webhooks', webhookRoutes)
  .route('/report-schedules', reportScheduleRoutes)
  .route('/', reportUnsubscribeRoutes);
