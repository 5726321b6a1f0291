import { z } from 'zod';
import { LIVE_CONTRACT } from './live.ts';
import { LEASES_CONTRACT } from './leases.ts';

/**
 * The wire contract as zod schemas: the bodies the server reads and the `data`
 * it answers, declared once. The server validates with them (server/lib/validate.ts parseBody,
 * which words every problem in the spec's Laravel style: "The title field is required.") and
 * publishes them as OpenAPI 3.1 (GET /api/openapi.json, server/routes/openapi.ts). The console
 * imports only their *types* (`import type`, erased by esbuild), so zod never enters the browser.
 * A route is added to the contract in CONTRACT below, keyed "METHOD /api/path/{param}".
 */

export {
  type ContractRule,
  type RouteContract,
  requiredText,
  optionalText,
  choice,
  idListText,
  Id,
  Named,
  envelope,
  ErrorEnvelope,
  paginator,
} from './base.ts';
import { type RouteContract, requiredText, optionalText, choice, idListText, Id, Named, paginator } from './base.ts';
import { ADMIN_CONTRACT, OrganiserCreateInput, OrganiserUpdateInput, UserInput } from './admin.ts';
import { CompanySettingsInput, EmailSettingsInput, SettingsInput } from './settings.ts';
import { DECLARED_CONTRACT, recordRoutes } from './declared.ts';
import { WEBHOOKS_CONTRACT } from './webhooks.ts';
import { REPORTS_CONTRACT } from './reports.ts';
import {
  BookingAnswer,
  BookingListQuery,
  CampaignInput,
  CampaignUpdate,
  EventIdQuery,
  EventInput,
  EventListQuery,
  EventUpdate,
  ORGANISER_CONTRACT,
} from './organiser.ts';
import { TOKENS_CONTRACT } from './tokens.ts';

/** A permission (admin-area §3 Permissions). */
export const Permission = z.object({ id: Id, name: z.string() });
export type Permission = z.infer<typeof Permission>;
/** POST permission / PUT permission/{id}: name (≤ 255), not a catalogue ability. */
export const PermissionInput = z.object({ name: requiredText(255) });
export type PermissionInput = z.infer<typeof PermissionInput>;

/** An admin menu item (admin-area §3 Menus): status 0 inactive, 1 active, 2 placeholder. */
export const Menu = z.object({ id: Id, title: z.string(), url: z.string(), status: z.number().int(), roles: z.array(Named) });
export type Menu = z.infer<typeof Menu>;
/** POST adminmenu / PUT adminmenu/{id}: title (label "menu title"), url, status 0/1/2 (default 2), roles as a JSON id list. */
export const MenuInput = z.object({ title: requiredText(255), url: optionalText(500), status: choice(0, 1, 2), roles: idListText });
export type MenuInput = z.infer<typeof MenuInput>;

/**
 * A role (admin-area §3 Roles) with its permissions and the roles it may access; `require_two_step`: members must turn two-step sign-in on first.
 * `members_without_two_step` (GET role/{id}, and the answers of POST and PUT): how many of its members have no second factor (no authenticator app, no passkey).
 */
export const Role = z.object({
  id: Id,
  name: z.string(),
  permissions: z.array(Named),
  accessroles: z.array(Named),
  require_two_step: z.boolean(),
  members_without_two_step: z.number().int().optional(),
});
export type Role = z.infer<typeof Role>;
/** POST role / PUT role/{id}: name (label "role name", ≤ 100), permissions and roles as JSON id lists; `require_two_step` 1/0 (omitted: unchanged, off for a new role). */
export const RoleInput = z.object({
  name: requiredText(100),
  permissions: idListText,
  roles: idListText,
  menus: idListText,
  require_two_step: choice(0, 1, 'true', 'false'),
});
export type RoleInput = z.infer<typeof RoleInput>;

/**
 * A user's two-step sign-in as administrators see it (docs/security.md "Two-step sign-in"):
 * `app` a confirmed authenticator app, `passkeys` how many passkeys, `locked` whether their
 * sign-in codes are locked after too many wrong ones. Never a secret.
 */
export const UserTwoStep = z.object({ app: z.boolean(), passkeys: z.number().int(), locked: z.boolean() });
export type UserTwoStep = z.infer<typeof UserTwoStep>;

/**
 * A user as the Users screen reads it (admin-area §3): `role` the first role's id (0: none); `invited`: no password yet, its invitation not followed.
 * `two_step` (GET user, GET user/{id}): their two-step sign-in (UserTwoStep). Never the password.
 */
export const User = z.object({
  id: Id,
  name: z.string(),
  email: z.string(),
  image: z.string(),
  invited: z.boolean(),
  role: z.number().int(),
  roles: z.array(Named),
  two_step: UserTwoStep.optional(),
});
export type User = z.infer<typeof User>;

/** An event (organiser-console §3): `organizer_id` its company, `logo` a public URL or ''; dates YYYY-MM-DD. */
export const Event = z.object({
  id: Id,
  title: z.string(),
  description: z.string(),
  start_date: z.string(),
  end_date: z.string(),
  organizer_id: Id,
  logo: z.string(),
  /** The default language of its participants' gallery e-mails and pages: a shipped locale, or '' (English). */
  language: z.string(),
});
export type Event = z.infer<typeof Event>;

const int = z.number().int();
/** A campaign (organiser-console §3): `type` 1 image, 2 video, 3 conference, 4 photo app; dates YYYY-MM-DD; flags 0/1. */
export const Campaign = z.object({
  id: Id,
  event_id: Id,
  title: z.string(),
  description: z.string(),
  logo: z.string(),
  start_date: z.string(),
  end_date: z.string(),
  type: int,
  share_post_quote: z.string(),
  image_console_id: z.string(),
  is_sales_event: int,
  is_dynamic_branding: int,
  application: int,
  subdomain: z.string(),
  event_url: z.string(),
  friendly_url: z.string(),
});
export type Campaign = z.infer<typeof Campaign>;
/** The campaign form's settings stored beside the campaign (server migration 008): recognition and BIB settings, as typed. */
export const CampaignSettings = z.object({
  event_type: z.string(),
  location: z.string(),
  organizer: z.string(),
  sponsors: z.string(),
  primary_tolerance: z.string(),
  secondary_tolerance: z.string(),
  recognition_tolerance: z.string(),
  payment_slab: z.string(),
  date_filtering: int,
  is_bib_number_present: int,
  bib_start_range: z.string(),
  bib_end_range: z.string(),
  bib_length: z.string(),
  bib_number_prefix: z.string(),
  bib_number_suffix: z.string(),
});
export type CampaignSettings = z.infer<typeof CampaignSettings>;
/** A template as a campaign's detail lists it: id and image path (URL). */
export const TemplateRef = z.object({ id: Id, path: z.string() });
export type TemplateRef = z.infer<typeof TemplateRef>;
/** One campaign with its stored settings, its event's title and its templates (getCampaignDetailById, PUT campaign/{id}). */
export const CampaignDetail = Campaign.extend(CampaignSettings.shape).extend({ event_title: z.string(), templates: z.array(TemplateRef) });
export type CampaignDetail = z.infer<typeof CampaignDetail>;

/** A booking as the API answers it (organiser-console §3–§4): status worded, `token` only when Allowed (else null). */
export const Booking = z.object({
  id: Id,
  date: z.string(),
  token: z.string().nullable(),
  status: z.enum(['Requested', 'Allowed', 'Rejected']),
  user: z.object({ name: z.string(), email: z.string(), phone: z.string() }),
  /** The record's version (docs/live.md): a list row's decision sends it back as If-Match. */
  version: z.number().int(),
});
export type Booking = z.infer<typeof Booking>;

/** Company settings (admin-area §3): `logo` a URL under /uploads or ''. */
export const CompanySettings = z.object({
  logo: z.string(),
  name: z.string(),
  primary_mail: z.string(),
  sales_mail: z.string(),
  phone: z.string(),
  address: z.string(),
});
export type CompanySettings = z.infer<typeof CompanySettings>;
/** E-mail (SMTP) settings as the API answers them (admin-area §3): the password is write-only, always answered '', `smtp_password_set` says one is stored. */
export const EmailSettingsView = z.object({
  smtp_server: z.string(),
  smtp_email: z.string(),
  smtp_username: z.string(),
  smtp_password: z.literal(''),
  smtp_port: z.string(),
  smtp_type: z.string(),
  smtp_password_set: z.boolean(),
});
export type EmailSettingsView = z.infer<typeof EmailSettingsView>;

/** An organiser (admin-area §3 Organizers): `status` 1 active, 0 inactive, 2 not chosen; `user_id` its first user (null: none); `storage_quota_mb` in MB; `invited` 1 while its user has no password yet. */
export const Organiser = z.object({
  id: Id,
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  status: int,
  description: z.string(),
  user_id: Id.nullable(),
  storage_quota_mb: int,
  invited: int,
});
export type Organiser = z.infer<typeof Organiser>;
/** One organiser as GET organiser/{id} answers it: with `companydetails`, its storage (bytes used, limit in bytes) and its time zone ('' while not chosen). */
export const OrganiserDetail = Organiser.extend({
  companydetails: z.object({ description: z.string() }),
  time_zone: z.string(),
  storage: z.object({ used: z.number(), limit: z.number() }),
});
export type OrganiserDetail = z.infer<typeof OrganiserDetail>;

/**
 * The routes whose body and answer the contract describes, keyed "METHOD /api/path/{param}" as
 * the Hono app lists them. Every other route is published with the generic envelopes.
 */
export const CONTRACT: Record<string, RouteContract> = {
  ...ADMIN_CONTRACT,
  ...LIVE_CONTRACT,
  ...LEASES_CONTRACT,
  ...DECLARED_CONTRACT,
  'GET /api/permission': { summary: 'Permissions: every one, or one page of the list with ?page', data: z.union([z.array(Permission), paginator(Permission)]) },
  ...recordRoutes('/api/permission', 'permission', Permission, PermissionInput),
  'GET /api/adminmenu': { summary: 'Admin menus, one page of the list', data: paginator(Menu) },
  ...recordRoutes('/api/adminmenu', 'admin menu', Menu, MenuInput),
  'GET /api/role': { summary: 'Roles: every one, or one page of the list with ?page', data: z.union([z.array(Role), paginator(Role)]) },
  ...recordRoutes('/api/role', 'role', Role, RoleInput),
  'GET /api/user': { summary: 'Users, one page of the list', data: paginator(User) },
  'GET /api/user/{id}': { summary: 'One user', data: User },
  'POST /api/user': { summary: 'Add a user (invited when no password is given)', body: UserInput, data: User },
  'PUT /api/user/{id}': { summary: 'Edit a user (the password only when not empty)', body: UserInput, data: User },
  'GET /api/event': { summary: 'Events of one organiser (?organizer_id), one page of the list', query: EventListQuery, data: paginator(Event) },
  'GET /api/event/{id}': { summary: 'One event', data: Event },
  'POST /api/event': { summary: 'Add an event', body: EventInput, data: Event },
  'PUT /api/event/{id}': { summary: 'Edit an event', body: EventUpdate, data: Event },
  'GET /api/getCampaigns': { summary: 'Every campaign of one event (?event_id), not paged', query: EventIdQuery, data: z.array(Campaign) },
  'GET /api/getCampaignDetailById': { summary: 'One campaign (?campaign_id) with its settings and templates', data: CampaignDetail },
  'POST /api/campaign': { summary: 'Add a campaign', body: CampaignInput, data: z.object({ id: Id }) },
  'PUT /api/campaign/{id}': { summary: 'Edit a campaign', body: CampaignUpdate, data: CampaignDetail },
  'GET /api/organiser/bookings': {
    summary: 'Bookings of one organiser (?company_id), one page of the list',
    query: BookingListQuery,
    data: paginator(Booking),
  },
  'GET /api/organiser/booking/{id}': { summary: 'One booking', data: Booking },
  'PUT /api/organiser/booking/{id}': { summary: 'Accept (1) or reject (2) a Requested booking', body: BookingAnswer, data: Booking },
  'GET /api/organiser': { summary: 'Organisers, one page of the list', data: paginator(Organiser) },
  'GET /api/organiser/{id}': { summary: 'One organiser with its storage', data: OrganiserDetail },
  'POST /api/organiser': { summary: 'Add an organiser (invited when no password is given)', body: OrganiserCreateInput, data: Organiser },
  'PUT /api/organiser/{id}': { summary: 'Edit an organiser', body: OrganiserUpdateInput, data: Organiser },
  'GET /api/settings/company': { summary: 'Company settings', data: CompanySettings },
  'GET /api/companysettings': { summary: 'Company settings (the other reading of settings/company)', data: CompanySettings },
  'GET /api/settings/email': { summary: 'E-mail settings, never the SMTP password', data: EmailSettingsView },
  'GET /api/emailsettings': { summary: 'E-mail settings (the other reading of settings/email), never the SMTP password', data: EmailSettingsView },
  'PUT /api/settings/company': { summary: 'Save the company settings', body: CompanySettingsInput, data: CompanySettings },
  'PUT /api/companysettings': {
    summary: 'Save the company settings (the other reading of settings/company)',
    body: CompanySettingsInput,
    data: CompanySettings,
  },
  'PUT /api/settings/email': { summary: 'Save the e-mail settings (a blank password keeps the stored one)', body: EmailSettingsInput, data: EmailSettingsView },
  'PUT /api/emailsettings': { summary: 'Save the e-mail settings (the other reading of settings/email)', body: EmailSettingsInput, data: EmailSettingsView },
  'PUT /api/settings': {
    summary: 'Save both settings tabs in one call, one outcome',
    body: SettingsInput,
    data: z.object({ company: CompanySettings.nullable(), email: EmailSettingsView.nullable() }),
  },
  ...ORGANISER_CONTRACT,
  ...WEBHOOKS_CONTRACT,
  ...REPORTS_CONTRACT,
  ...TOKENS_CONTRACT,
};
