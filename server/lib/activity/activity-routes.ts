import type { ActivityAction, ActivityResource } from '../../../src/common/activity.ts';

/**
 * The activity log's route table (issue 21 §1): which state-changing call changes which record,
 * and how the log finds it. lib/activity/activity.ts applies it; a new state-changing route adds its line
 * here (docs/architecture.md "Adding a resource").
 */

/** Where a call's record id comes from: a path param, a body field, or the row the call inserts. */
export type IdFrom = { param: string } | { body: string } | 'insert' | 'none' | 'self' | { fixed: number };

export interface Target {
  resource: ActivityResource;
  action: ActivityAction;
  /** Table read before and after the write (by `id`); none: only `related` or the body label. */
  table?: string;
  id: IdFrom;
  /** Column naming the record (its label at the time). */
  label?: string;
  /** Fixed label (settings tabs). */
  fixedLabel?: string;
  /** Body field that names the record when nothing is read (bulk calls, imports). */
  bodyLabel?: string;
  /** A second table whose row of the same id the call also changes (read with `table`; column names must not overlap). */
  alsoTable?: string;
}

const crud = (resource: ActivityResource, base: string, table: string, label: string, paramName = 'id'): Record<string, Target> => ({
  [`POST ${base}`]: { resource, action: 'create', table, id: 'insert', label },
  [`PUT ${base}/:${paramName}`]: { resource, action: 'update', table, id: { param: paramName }, label },
  [`DELETE ${base}/:${paramName}`]: { resource, action: 'delete', table, id: { param: paramName }, label },
  [`POST ${base}/bulk-delete`]: { resource, action: 'bulk_delete', id: 'none' },
});

/** Every mapped state-changing call: `METHOD /full/route/path` -> what it does to which record. */
export const ROUTES: Record<string, Target> = {
  ...crud('permissions', '/api/permission', 'permissions', 'name'),
  ...crud('roles', '/api/role', 'roles', 'name'),
  ...crud('users', '/api/user', 'users', 'name'),
  ...crud('pages', '/api/page', 'pages', 'title'),
  ...crud('menus', '/api/adminmenu', 'admin_menus', 'title'),
  ...crud('templates', '/api/template', 'templates', 'path'),
  // An import's row names its job (resource_id), so the Activity screen can offer its undo.
  'POST /api/user/import': { resource: 'imports', action: 'import', table: 'import_jobs', id: 'insert', fixedLabel: 'Users import' },
  'PUT /api/companysettings': { resource: 'settings', action: 'update', table: 'company_settings', id: { fixed: 1 }, fixedLabel: 'Company' },
  'PUT /api/settings/company': { resource: 'settings', action: 'update', table: 'company_settings', id: { fixed: 1 }, fixedLabel: 'Company' },
  'PUT /api/emailsettings': { resource: 'settings', action: 'update', table: 'email_settings', id: { fixed: 1 }, fixedLabel: 'Email' },
  'PUT /api/settings/email': { resource: 'settings', action: 'update', table: 'email_settings', id: { fixed: 1 }, fixedLabel: 'Email' },
  // My account (issue 20 §4): the caller's own record.
  'PUT /api/account': { resource: 'users', action: 'update', table: 'users', id: 'self', label: 'name' },
  'PUT /api/account/password': { resource: 'users', action: 'password_change', table: 'users', id: 'self', label: 'name' },
  // Save Changes writes both tabs in one call (issue 20 §1): one row with the fields of both.
  'PUT /api/settings': { resource: 'settings', action: 'update', table: 'company_settings', alsoTable: 'email_settings', id: { fixed: 1 }, fixedLabel: 'Company and Email' },
  'POST /api/organiser': { resource: 'organisers', action: 'create', table: 'companies', id: 'insert', label: 'name' },
  'PUT /api/organiser/:id{[0-9]+}': { resource: 'organisers', action: 'update', table: 'companies', id: { param: 'id' }, label: 'name' },
  'POST /api/organiser/deleteOrganizer': { resource: 'organisers', action: 'delete', table: 'companies', id: { body: 'organizer_id' }, label: 'name' },
  'PUT /api/organiser/deleteOrganizer': { resource: 'organisers', action: 'delete', table: 'companies', id: { body: 'organizer_id' }, label: 'name' },
  'POST /api/organiser/bulk-delete': { resource: 'organisers', action: 'bulk_delete', id: 'none' },
  'PUT /api/organiser/booking/:id': { resource: 'bookings', action: 'status', table: 'bookings', id: { param: 'id' }, label: 'name' },
  'POST /api/organiser/bookings/bulk-status': { resource: 'bookings', action: 'bulk_status', id: 'none' },
  'PUT /api/holiday': { resource: 'working_days', action: 'update', table: 'companies', id: { body: 'company_id' }, label: 'name' },
  'PUT /api/organiser/holiday': { resource: 'working_days', action: 'update', table: 'companies', id: { body: 'company_id' }, label: 'name' },
  'POST /api/holiday': { resource: 'working_days', action: 'update', table: 'companies', id: { body: 'company_id' }, label: 'name' },
  'POST /api/organiser/holiday': { resource: 'working_days', action: 'update', table: 'companies', id: { body: 'company_id' }, label: 'name' },
  // Resend invitation (issue 20 §3): the outbox row is the change; the row names the person.
  'POST /api/user/:id/invite': { resource: 'users', action: 'invite', table: 'users', id: { param: 'id' }, label: 'name' },
  'POST /api/organiser/:id{[0-9]+}/invite': { resource: 'organisers', action: 'invite', table: 'companies', id: { param: 'id' }, label: 'name' },
  'POST /api/event': { resource: 'events', action: 'create', table: 'events', id: 'insert', label: 'title' },
  'PUT /api/event/:id': { resource: 'events', action: 'update', table: 'events', id: { param: 'id' }, label: 'title' },
  'PUT /api/deleteEvent': { resource: 'events', action: 'delete', table: 'events', id: { body: 'event_id' }, label: 'title' },
  'POST /api/deleteEvent': { resource: 'events', action: 'delete', table: 'events', id: { body: 'event_id' }, label: 'title' },
  'POST /api/event/bulk-delete': { resource: 'events', action: 'bulk_delete', id: 'none' },
  'POST /api/uploadExcel': { resource: 'imports', action: 'import', table: 'import_jobs', id: 'insert', fixedLabel: 'Event photos import' },
  'POST /api/deleteEventPhotos': { resource: 'photos', action: 'clear', table: 'events', id: { body: 'event_id' }, label: 'title' },
  'POST /api/getPhotosByEventId/bulk-delete': { resource: 'photos', action: 'bulk_delete', id: 'none' },
  'POST /api/campaign': { resource: 'campaigns', action: 'create', table: 'campaigns', id: 'insert', label: 'title' },
  'PUT /api/campaign/:id': { resource: 'campaigns', action: 'update', table: 'campaigns', id: { param: 'id' }, label: 'title' },
  'PUT /api/deleteCampaign': { resource: 'campaigns', action: 'delete', table: 'campaigns', id: { body: 'campaign_id' }, label: 'title' },
  'POST /api/deleteCampaign': { resource: 'campaigns', action: 'delete', table: 'campaigns', id: { body: 'campaign_id' }, label: 'title' },
  'POST /api/updateParticipantVideo': { resource: 'videos', action: 'status', table: 'participant_videos', id: { body: 'id' }, label: 'name' },
  'POST /api/getAllParticipantVideos/bulk-status': { resource: 'videos', action: 'bulk_status', id: 'none' },
  'POST /api/updateParticipantType': { resource: 'conference_users', action: 'update', id: 'none', bodyLabel: 'user_id' },
  'POST /recognition/events': { resource: 'recognition', action: 'create', id: 'none', bodyLabel: 'name' },
  'POST /recognition/events/:id/bib_filter': { resource: 'recognition', action: 'update', id: { param: 'id' } },
  'PUT /recognition/events/:id': { resource: 'recognition', action: 'update', id: { param: 'id' }, bodyLabel: 'name' },
  'DELETE /recognition/events/:id': { resource: 'recognition', action: 'delete', id: { param: 'id' } },
  'POST /recognition/events/payment/participant': { resource: 'recognition', action: 'create', id: 'none', fixedLabel: 'Participant payment' },
};
