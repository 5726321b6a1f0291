import { z } from 'zod';
import { BulkDeleted, Id, oneLineText, optionalText, paginator, requiredText, says, choice, textWith } from './base.ts';
import {
  Account,
  AccountNameInput,
  AccountSession,
  ChangePasswordInput,
  ForgotPasswordInput,
  LinkInput,
  LinkState,
  LoginInput,
  Me,
  ResetPasswordInput,
  SignedIn,
  filled,
  requiredMessage,
} from './account.ts';
import { EMAIL_MAX_LENGTH } from '../email.ts';
import { quotaProblem } from '../storage.ts';
import { timeZoneProblem } from '../time-zone.ts';
import { SHEET_MAX_ROWS } from '../sheet-rules.ts';
import { groupDigits } from '../numbers.ts';
import { MailHealth } from './mail-health.ts';
import { EndedWithPasskeys, LoginAnswer, TWO_STEP_CONTRACT } from './two-step.ts';
import { LANGUAGE_CONTRACT } from './language.ts';
import { ImportJob, ImportJobKindQuery, RecentImport, UndoPreview } from './import-jobs.ts';
import { emailText, formValue, passwordText } from './form-values.ts';
import { CompanySettingsInput, EmailSettingsInput, Outbox, SettingsInput } from './settings.ts';
import { ActivityRow } from './activity-row.ts';

/**
 * The admin area's part of the wire contract (admin-area §7): the
 * bodies its routes read and the `data` they answer, beside ./schemas.ts (whose CONTRACT spreads
 * ADMIN_CONTRACT). Messages are the spec's Laravel wording, as the rule lists the routes used
 * before (server/http/validate.ts parseBody words them). Text fields are text: a list or an
 * object where text is expected answers 422 "The x must be a string.". Numbers a form sends as
 * text (a role id, a port, a quota) are taken as text or as JSON numbers alike.
 * The console imports only the types (`import type`): zod stays out of the browser.
 */

// ---- users -----------------------------------------------------------------------------------

/** POST user / PUT user/{id}: name (one line), e-mail, role (a role id, not 0), password (blank: invited on create, unchanged on update). */
export const UserInput = z.object({
  name: oneLineText(255, true),
  email: emailText(255),
  role: formValue
    .refine(filled, requiredMessage)
    .refine((v) => /^-?\d+$/.test(String(v).trim()), says('The :attribute must be an integer.'))
    .refine((v) => String(v).trim() !== '0', requiredMessage),
  password: passwordText(255).optional(),
});
export type UserInput = z.infer<typeof UserInput>;
/** POST user/import: multipart `file`, a .csv or .xlsx sheet (common/sheet-rules.ts columns). */
export const UserImportInput = z.object({ file: z.file() });
/** POST user/import/check: `emails`, one address a line: at most SHEET_MAX_ROWS lines of at most EMAIL_MAX_LENGTH characters. */
export const ImportCheckInput = z.object({
  emails: z.string().refine(
    (text) => {
      if (text.length > SHEET_MAX_ROWS * (EMAIL_MAX_LENGTH + 2)) return false;
      const lines = text.split('\n');
      return lines.length <= SHEET_MAX_ROWS && lines.every((e) => e.length <= EMAIL_MAX_LENGTH + 1);
    },
    says(`The :attribute must be at most ${groupDigits(SHEET_MAX_ROWS)} addresses of up to ${EMAIL_MAX_LENGTH} characters, one a line.`),
  ),
});
export type ImportCheckInput = z.infer<typeof ImportCheckInput>;
/** One verdict of GET user/{id}/access: a screen or an ability, whether the user's roles allow it and why. */
const Verdict = z.object({ key: z.string(), name: z.string(), allowed: z.boolean(), reason: z.string() });
export type AccessVerdict = z.infer<typeof Verdict>;
/** GET user/{id}/access: the user, its roles' facts, and each screen's and ability's verdict. */
export const UserAccess = z
  .object({ user: z.object({ id: Id, name: z.string() }), roles: z.array(z.object({ id: Id, name: z.string() }).loose()) })
  .extend({ screens: z.array(Verdict), abilities: z.array(Verdict) })
  .loose();
export type UserAccess = z.infer<typeof UserAccess>;

// ---- lists: bulk actions and exports ---------------------------------------------------------

/** POST <list>/bulk-delete: `ids` a JSON id list (at most 1000), or `all=1` with the list's filters (q, role, status …). */
export const BulkInput = z.object({ ids: z.string().optional(), all: z.string().optional() }).catchall(z.string());
export { BulkDeleted };

// ---- roles and menus -------------------------------------------------------------------------

/** An admin menu as a role's checklist shows it; `grantable` (GET role/menus only): whether the caller may give it. */
export const MenuChoice = z.object({ id: Id, title: z.string(), url: z.string(), status: z.number().int(), grantable: z.boolean().optional() });
export type MenuChoice = z.infer<typeof MenuChoice>;

// ---- organisers --------------------------------------------------------------------------------

/** A storage quota in MB (common/storage.ts), when not empty. */
const quota = formValue
  .superRefine((v, ctx) => {
    const problem = String(v).trim() === '' ? null : quotaProblem(String(v));
    if (problem) ctx.addIssue({ code: 'custom', message: problem, params: { message: problem } });
  })
  .optional();
const organiserCommon = {
  name: oneLineText(255, true),
  phone: optionalText(50),
  description: optionalText(5000),
  status: choice(0, 1, 2),
  storage_quota_mb: quota,
};
/** POST organiser: name, e-mail, phone, password (blank: invited), description, status 0/1/2 (default 2), storage_quota_mb (default 2048). */
export const OrganiserCreateInput = z.object({ ...organiserCommon, email: emailText(255), password: passwordText(255).optional() });
export type OrganiserCreateInput = z.infer<typeof OrganiserCreateInput>;
/**
 * PUT organiser/{id}: name, phone (required), description, status, password only when not empty, storage_quota_mb,
 * time_zone (common/time-zone.ts: an IANA name, '' for not chosen, kept when absent); the e-mail is read-only.
 */
export const OrganiserUpdateInput = z.object({
  ...organiserCommon,
  phone: requiredText(50),
  password: passwordText(255).optional(),
  time_zone: textWith(timeZoneProblem).optional(),
});
export type OrganiserUpdateInput = z.infer<typeof OrganiserUpdateInput>;
/** POST|PUT organiser/deleteOrganizer: the organiser's id (label "organizer id"). */
export const OrganiserDeleteInput = z.object({ organizer_id: formValue.refine(filled, requiredMessage) });
export type OrganiserDeleteInput = z.infer<typeof OrganiserDeleteInput>;
/** Labels of the organiser forms' messages. */
export const ORGANISER_LABELS = { storage_quota_mb: 'storage quota', organizer_id: 'organizer id' };

// ---- settings: ./settings.ts; form values: ./form-values.ts (what the routes read, re-exported) ----

export { CompanySettingsInput, EmailSettingsInput, SETTINGS_LABELS, SettingsInput } from './settings.ts';
export { textOf } from './form-values.ts';
export { MailHealth };

// ---- sign-in and account: ./account.ts (re-exported) -------------------------------------------

export * from './account.ts';
export * from './two-step.ts';
export * from './import-jobs.ts';

// ---- dashboard, delete impact, health (the activity row: ./activity-row.ts) ---------------------

/**
 * GET dashboard-stats: `screens`, a count per admin screen the caller may open that has one (its
 * key, e.g. users: the users it may manage); with the Organizers screen also the organiser-wide
 * counts, and campaigns per month (YYYY-MM) for the 12 months around this one.
 */
export const DashboardStats = z.object({
  organisers: z.number().int().optional(),
  events: z.number().int().optional(),
  photos: z.number().int().optional(),
  videos_waiting: z.number().int().optional(),
  campaigns_per_month: z.array(z.object({ month: z.string(), campaigns: z.number().int() })).optional(),
  screens: z.array(z.object({ key: z.string(), count: z.number().int() })),
});
export type DashboardStats = z.infer<typeof DashboardStats>;
const count = z.number().int().optional();
/** GET deleteImpact: what else a delete removes, by kind (only the kinds that apply). */
export const DeleteImpact = z.object({
  events: count,
  campaigns: count,
  photos: count,
  templates: count,
  videos: count,
  bookings: count,
  users: count,
  conference_users: count,
});
export type DeleteImpact = z.infer<typeof DeleteImpact>;
/** GET deleteImpact: exactly one of organizer_id, event_id, campaign_id. */
export const DeleteImpactQuery = z.object({ organizer_id: z.string().optional(), event_id: z.string().optional(), campaign_id: z.string().optional() });
/** GET health: each check "ok" or "failing: <reason>", the engine and the file store's kind (503 when not healthy). */
export const Health = z.object({ database: z.string(), migrations: z.string(), storage: z.string(), engine: z.string(), storage_kind: z.string() });

/** The CSV answer of a list export: `text/csv` attachment `<name>.csv`, BOM, a header row, RFC 4180. */
const csv = (name: string, what: string) => ({ summary: `${what} as CSV (${name}.csv): every row matching the list's q, sort and filters`, csv: name });
const bulk = (what: string) => ({ summary: `Delete ${what}: the named ids, or all matching the filters`, body: BulkInput, data: BulkDeleted });

/**
 * The admin area's routes whose shape lives here (the ones answering a record of ./schemas.ts are
 * in its CONTRACT, beside that record), keyed "METHOD /api/path/{param}".
 */
export const ADMIN_CONTRACT = {
  'GET /api/ping': { summary: 'Is the API up: data "pong"', data: z.literal('pong') },
  'GET /api/health': {
    summary: 'Database, migrations and file store checks (503 when one fails, and 503 with data.state "stopping" from SIGTERM on)',
    data: Health,
  },

  'POST /api/login': {
    summary: 'Sign in (throttled; 401 on wrong credentials); an account with two-step sign-in answers its second step instead of a session',
    body: LoginInput,
    data: LoginAnswer,
  },
  ...TWO_STEP_CONTRACT,
  ...LANGUAGE_CONTRACT,
  'POST /api/logout': { summary: 'Sign out this session', data: z.null() },
  'GET /api/user/get': { summary: 'The signed-in user, its abilities and the roles it may give', data: Me },
  'GET /api/user/getmenu': { summary: "The signed-in user's active admin menus", data: z.object({ live_adminmenus: z.array(MenuChoice) }) },
  'GET /api/route/check': { summary: 'May the signed-in user open the screen of ?route', data: z.boolean() },

  'POST /api/password/forgot': { summary: 'E-mail a reset link (same answer for every address; throttled)', body: ForgotPasswordInput, data: z.null() },
  'POST /api/password/link': { summary: 'What a reset or invitation link is', body: LinkInput, data: LinkState },
  'POST /api/password/reset': {
    summary: 'Set the password through a link, then sign in (null for an account with two-step sign-in: it signs in with both)',
    body: ResetPasswordInput,
    data: SignedIn.nullable(),
  },
  'GET /api/account': { summary: 'My account', data: Account },
  'PUT /api/account': { summary: 'Rename myself', body: AccountNameInput, data: Account },
  'PUT /api/account/password': {
    summary: 'Change my password (other sessions end; the passkeys that still sign in are listed)',
    body: ChangePasswordInput,
    data: EndedWithPasskeys,
  },
  'GET /api/account/sessions': { summary: 'My signed-in browsers', data: z.array(AccountSession) },
  'POST /api/account/sessions/others': {
    summary: 'Sign out every other session of mine (the passkeys that still sign in are listed)',
    data: EndedWithPasskeys,
  },
  'DELETE /api/account/sessions/{id}': { summary: 'Sign out one session of mine', data: z.null() },

  'GET /api/user/export': csv('users', 'Users'),
  'POST /api/user/bulk-delete': bulk('users'),
  'GET /api/user/{id}/access': { summary: "What a user's roles let it open and do, and why", data: UserAccess },
  'POST /api/user/{id}/invite': { summary: 'E-mail the invitation again', data: z.null() },
  'DELETE /api/user/{id}': { summary: 'Delete a user', data: z.null() },
  'POST /api/user/import': { summary: 'Import users from a sheet (checked, then a background job)', body: UserImportInput, data: z.object({ job_id: Id }) },
  'POST /api/user/import/check': {
    summary: 'Which of these e-mails are taken (the import preview)',
    body: ImportCheckInput,
    data: z.object({ taken: z.array(z.string()) }),
  },

  'GET /api/role/export': csv('roles', 'Roles'),
  'POST /api/role/bulk-delete': bulk('roles (never the built-in ones)'),
  'GET /api/role/menus': { summary: 'Every admin menu, and whether the caller may grant it', data: z.array(MenuChoice) },
  'GET /api/role/{id}/menus': { summary: "A role's admin menus", data: z.array(MenuChoice) },
  'GET /api/permission/export': csv('permissions', 'Permissions'),
  'POST /api/permission/bulk-delete': bulk('permissions (never the built-in ones)'),
  'GET /api/adminmenu/export': csv('menus', 'Admin menus'),
  'POST /api/adminmenu/bulk-delete': bulk('admin menus'),

  'GET /api/organiser/export': csv('organisers', 'Organisers'),
  'POST /api/organiser/bulk-delete': bulk('organisers and everything of theirs'),
  'POST /api/organiser/deleteOrganizer': { summary: 'Delete an organiser and everything of theirs', body: OrganiserDeleteInput, data: z.null() },
  'PUT /api/organiser/deleteOrganizer': { summary: 'Delete an organiser and everything of theirs', body: OrganiserDeleteInput, data: z.null() },
  'POST /api/organiser/{id}/invite': { summary: "E-mail the organiser user's invitation again", data: z.null() },

  'POST /api/settings/email/test': {
    summary: 'Send a test e-mail with these (unsaved) settings to me',
    body: EmailSettingsInput,
    data: z.object({ to: z.string() }),
  },
  'GET /api/settings/email/outbox': { summary: 'Waiting e-mails and the latest 20', data: Outbox },
  'GET /api/settings/email/health': { summary: 'Failed e-mails of the last day and e-mails waiting over 5 minutes', data: MailHealth },

  'GET /api/activity': { summary: 'The activity log, one page of the list', data: paginator(ActivityRow) },
  'GET /api/activity/export': csv('activity', 'The activity log'),
  'GET /api/import-job/current': { summary: "The caller's running import of ?kind, or null", query: ImportJobKindQuery, data: ImportJob.nullable() },
  'GET /api/import-job/recent': {
    summary: "The caller's newest finished import of ?kind from the last 24 hours, or null",
    query: ImportJobKindQuery,
    data: RecentImport.nullable(),
  },
  'GET /api/import-job/{id}': { summary: 'One import job', data: ImportJob },
  'GET /api/import-job/{id}/undo': { summary: 'What undoing an import would remove, and what blocks it', data: UndoPreview },
  'POST /api/import-job/{id}/undo': { summary: 'Undo an import', data: z.object({ count: z.number().int() }) },
  'GET /api/dashboard-stats': { summary: 'The admin dashboard figures', data: DashboardStats },
  'GET /api/deleteImpact': { summary: 'What else deleting an organiser, event or campaign removes', query: DeleteImpactQuery, data: DeleteImpact },
} satisfies Record<string, { summary: string; body?: z.ZodType; query?: z.ZodType; data?: z.ZodType; csv?: string }>;

/**
 * What a client sends to admin route `K`: the input type of its body schema (a form's text or a
 * JSON number where both are read). The console checks its calls with it (`satisfies
 * AdminBodyOf<'POST /api/login'>`), so a field the contract renames or retypes fails the type check.
 */
export type AdminBodyOf<K extends keyof typeof ADMIN_CONTRACT> = (typeof ADMIN_CONTRACT)[K] extends { body: infer B extends z.ZodType } ? z.input<B> : never;
/** What POST user and PUT user/{id} read, as a client sends it. */
export type UserBody = z.input<typeof UserInput>;
/** What POST organiser and PUT organiser/{id} read, as a client sends them. */
export type OrganiserBody = z.input<typeof OrganiserCreateInput>;
export type OrganiserUpdateBody = z.input<typeof OrganiserUpdateInput>;
