import { http } from '../../lib/http.ts';
import { listEndpoints } from '../../components/list-endpoints.ts';
import { USER_LIST_FILTERS, USER_LIST_SORT } from '../../common/contract/rules.ts';

/** User (admin-area §3, the wire contract's): `role` is the first role's id; `roles` in order, the first one shown; `invited`: added without a password, its invitation not yet followed. */
export type { User } from '../../common/contract/schemas.ts';
import type { User } from '../../common/contract/schemas.ts';
/** A user's two-step sign-in as GET user and GET user/{id} answer it: authenticator app on, passkeys, codes locked. */
export type { UserTwoStep } from '../../common/contract/schemas.ts';
/**
 * Add / Edit User form; `role` is the select's value, '0' for Select. `access` (Add only): how the
 * new user gets in, 'invite' (an invitation e-mail, the password left blank) or 'password' (set
 * now, the spec's path); '' until chosen, when the form's default applies (see UsersScreen).
 */
export interface UserForm {
  name: string;
  email: string;
  password: string;
  role: string;
  access: '' | 'invite' | 'password';
}

/** GET user (search: name or email; sort whitelist below; filter `role` = role id), bulk-delete, export. */
export const users = listEndpoints<User>('user', 'users');
/** Sortable columns and filters this list may put in the address (list wire contract); `import_job`: the users one import added. */
export const USER_LIST = { sortable: USER_LIST_SORT, filters: USER_LIST_FILTERS } as const;
/** GET user/{id} (admin-area §7): resolves to the envelope's data (User); rejects with HttpError. */
export const getUser = async (id: number) => (await http.get<User>(`user/${id}`)).data;
/** Every role (no page) for the Role select. */
export const allRoles = async () => (await http.get<{ id: number; name: string }[]>('role')).data;

/**
 * POST user (admin-area §7): resolves to the envelope (its message is the success toast); rejects
 * with HttpError. `invite`: the password goes blank, so the server e-mails an invitation.
 */
export const createUser = (f: UserForm, invite = false) =>
  http.post('user', { name: f.name, email: f.email, password: invite ? '' : f.password, role: f.role } satisfies UserBody);
/** Whether the saved SMTP settings can send (GET settings/email/outbox's smtp_ready; needs View settings). */
export const mailReady = async () => (await http.get<{ smtp_ready: boolean }>('settings/email/outbox')).data.smtp_ready;
/** The password is sent only when not empty (admin-area §3). */
export const updateUser = (id: number, f: UserForm) =>
  http.put(`user/${id}`, { name: f.name, email: f.email, role: f.role, password: f.password.trim() ? f.password : undefined } satisfies UserBody);
/** DELETE user/{id} (admin-area §7): resolves to the envelope (its message is the success toast); rejects with HttpError. */
export const deleteUser = (id: number) => http.del(`user/${id}`);
/** POST user/{id}/invite: Resend invitation (409 once the user chose a password; 429 when throttled). */
export const resendInvitation = (id: number) => http.post(`user/${id}/invite`);
/** POST user/{id}/two-step/reset: removes the user's authenticator app, recovery codes and passkeys, ends their sessions and e-mails them (the message: the toast). */
export const resetTwoStep = (id: number) => http.post(`user/${id}/two-step/reset`);
/** POST user/{id}/two-step/unlock: unlocks the user's sign-in codes locked after too many wrong ones and e-mails them (the message: the toast); 409 when not locked. */
export const unlockTwoStep = (id: number) => http.post(`user/${id}/two-step/unlock`);
/**
 * Sends the chosen spreadsheet as multipart `file` (admin-area §7 POST user/import). A clean sheet
 * answers `{ job_id }` at once; the import then runs as a job (components/use-import-job.ts).
 */
export const importUsers = (file: File) => http.post<{ job_id: number }>('user/import', { file });
/**
 * POST user/import/check: of `emails`, those already stored, lower-case; one
 * request for the whole sheet (one address a line). Rejects with HttpError.
 */
export const checkImportEmails = async (emails: string[]) =>
  (await http.post<{ taken: string[] }>('user/import/check', { emails: emails.join('\n') } satisfies AdminBodyOf<'POST /api/user/import/check'>)).data.taken;
/** Personal storage key (lib/storage.ts) of the running user import's job id. */
export const USER_IMPORT_JOB_KEY = 'import-job:users';
/**
 * GET import-job/recent?kind=users: the signed-in user's newest finished users import of the last
 * 24 hours, with when and by whom it was undone, or null (the notice above the Users list).
 */
export const recentUserImport = async () => (await http.get<RecentImport | null>('import-job/recent?kind=users')).data;
/** Personal storage key of the import notice the user dismissed: its job id. */
export const IMPORT_NOTICE_DISMISSED_KEY = 'import-notice-dismissed:users';

/** One verdict of the access explainer (src/common/access-explainer.ts), as the wire contract declares it. */
export type { AccessVerdict } from '../../common/contract/admin.ts';
import type { AdminBodyOf, RecentImport, UserAccess, UserBody } from '../../common/contract/admin.ts';
/** GET user/{id}/access: every screen and ability with its verdict and the reason in words. */
export const getAccess = async (id: number) => (await http.get<UserAccess>(`user/${id}/access`)).data;
