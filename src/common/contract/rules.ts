import { isEmail, EMAIL_MAX_LENGTH } from '../email.ts';
import { passwordProblem } from '../password.ts';
import { emailTakenMessage, userRoleProblem } from '../sheet-rules.ts';
import { RESOURCE_WORDS } from '../resources.ts';

/**
 * The plain (dependency-free) rules of the wire contract: what both the console
 * and the server apply, declared once. The console imports this module and the *types* of
 * ./schemas.ts (erased by esbuild), so no schema library enters the browser bundle.
 * The zod schemas of the same calls live in ./schemas.ts, which builds on these rules.
 */

/**
 * The paged list shape every list call answers (admin-area §3, DESIGN.md §2, Laravel's paginator): `current_page` from 1.
 * Optional (older clients ignore them): `total_capped: true` when more than
 * `total` rows match and they were not all counted (the console shows "10,000+"; `count=exact` asks for
 * the exact figure); `next_cursor` / `prev_cursor` (the shown page's number and its last / first row's sort key),
 * sent back as `after` / `before` with a later / earlier page number (at most LIST_SEEK_PAGES away),
 * let the server seek to that page instead of skipping every row before it.
 */
export interface Paginator<T> {
  current_page: number;
  per_page: number;
  total: number;
  last_page: number;
  data: T[];
  total_capped?: true;
  next_cursor?: string;
  prev_cursor?: string;
}

/** Matches a list counts before it answers a capped total (server/db/list-page.ts; the console's "10,000+"). */
export const LIST_COUNT_CAP = 10_000;
/**
 * How many pages away a page may be read from a shown page's cursor (`after` = its next_cursor for
 * a later page, `before` = its prev_cursor for an earlier one): the server seeks past that row and
 * skips the pages between. Farther, the console asks by page number alone.
 */
export const LIST_SEEK_PAGES = 20;

/** Users list (admin-area §3): the columns `?sort=` may name (db/queries/users.ts maps each to SQL). */
export const USER_LIST_SORT = ['id', 'name', 'email', 'role', 'created_at'] as const;
/** Users list filters: `role` (first role's id), `import_job` (the users one import added) and `two_step` (on | off: has a second factor). */
export const USER_LIST_FILTERS = ['role', 'import_job', 'two_step'] as const;
/** A sortable column of the Users list. */
export type UserListSort = (typeof USER_LIST_SORT)[number];

/** A flat photo price (organiser-console §2): up to 7 digits and at most 2 decimals, e.g. 5 or 4.50. */
export const PRICE_PATTERN = /^\d{1,7}(\.\d{1,2})?$/;

/** One users-sheet row's trimmed cells by column (common/sheet-rules.ts USER_IMPORT_COLUMNS). */
export interface UserRowCells {
  name: string;
  email: string;
  password: string;
  role: string;
}

/** What the row rules may know beyond the row: e-mails seen in earlier rows, stored e-mails, role rules. */
export interface UserRowContext {
  /** Lower-case e-mail -> first sheet row using it; userRowProblems records the row's own e-mail. */
  firstRowOf: Map<string, number>;
  /** Lower-case e-mails already stored (the server knows; the preview asks later, withTaken). */
  stored?: ReadonlySet<string>;
  /** Roles by lower-case name and the role ids the signed-in user may assign; without them roles are not checked. */
  roles?: { roles: ReadonlyMap<string, { id: number; name: string }>; assignable: readonly number[] };
}

/** A cell as a message quotes it: at most EMAIL_MAX_LENGTH characters, longer ones cut to 40 and "…". */
const shown = (cell: string) => (cell.length > EMAIL_MAX_LENGTH ? `${cell.slice(0, 40)}…` : cell);

/**
 * The problems of one users-sheet row (admin-area §2 Import Users, DESIGN.md §4), in the server's
 * Laravel wording, in column order: the import (routes/user-import.ts) refuses the sheet with
 * them ("Row N: " + the problems joined by a space) and the preview (features/users/import-preview.ts)
 * shows them before sending. `row` is the sheet's row number (header = 1). Empty list: a good row.
 */
export function userRowProblems(row: number, v: UserRowCells, ctx: UserRowContext): string[] {
  const problems: string[] = [];
  if (!v.name) problems.push('The name field is required.');
  else if (v.name.length > 255) problems.push('The name may not be greater than 255 characters.');
  const key = v.email.toLowerCase();
  if (!v.email) problems.push('The email field is required.');
  else if (!isEmail(v.email)) problems.push(`The email "${shown(v.email)}" is not a valid email address.`);
  else if (ctx.firstRowOf.has(key)) problems.push(`The email ${v.email} is already used in row ${ctx.firstRowOf.get(key)}.`);
  else if (ctx.stored?.has(key)) problems.push(emailTakenMessage(v.email));
  if (v.email && !ctx.firstRowOf.has(key)) ctx.firstRowOf.set(key, row);
  // A blank password invites the user to choose one; a given one must follow the rule.
  if (v.password && passwordProblem(v.password)) problems.push(passwordProblem(v.password)!);
  const roleProblem = ctx.roles ? userRoleProblem(v.role, ctx.roles.roles, ctx.roles.assignable) : v.role ? null : 'The role field is required.';
  if (roleProblem) problems.push(roleProblem);
  return problems;
}

/** Parses "[1,2,3]" into distinct ids (each 1 to 2^31 - 1, at most 10,000 of them); null when it is not such a list (admin-area §3 id lists). */
export function parseIdList(s: string): number[] | null {
  try {
    const v = JSON.parse(s);
    return Array.isArray(v) && v.length <= 10_000 && v.every((n) => Number.isInteger(Number(n)) && Number(n) > 0 && Number(n) < 2 ** 31)
      ? [...new Set(v.map(Number))]
      : null;
  } catch {
    return null;
  }
}
/** True when `s` is a JSON id list parseIdList accepts. */
export const isIdList = (s: string) => parseIdList(s) !== null;

/** Activity log: resource types the log names, with the word the console shows. */
export const ACTIVITY_RESOURCES = RESOURCE_WORDS;
export type ActivityResource = keyof typeof ACTIVITY_RESOURCES;

/** Activity log: actions the log names, with the word the console shows. */
export const ACTIVITY_ACTIONS = {
  create: 'Created',
  update: 'Updated',
  delete: 'Deleted',
  bulk_delete: 'Deleted (bulk)',
  status: 'Status changed',
  bulk_status: 'Status changed (bulk)',
  import: 'Import started',
  clear: 'Cleared',
  export: 'Exported',
  sign_in: 'Signed in',
  sign_in_failed: 'Failed sign-in',
  sign_out: 'Signed out',
  password_change: 'Password changed',
  password_reset: 'Password reset',
  password_set: 'Password set (invitation)',
  undo_import: 'Import undone',
  invite: 'Invitation sent',
  two_step_on: 'Two-step sign-in turned on',
  two_step_off: 'Two-step sign-in turned off',
  two_step_reset: 'Two-step sign-in reset',
  two_step_failed: 'Wrong sign-in code',
  passkey_add: 'Passkey added',
  passkey_remove: 'Passkey removed',
  recovery_codes: 'New recovery codes made',
  two_step_locked: 'Sign-in codes locked',
  two_step_unlock: 'Sign-in codes unlocked',
  report_sent: 'Report sent',
  report_stopped: 'Report stopped',
  unsubscribe: 'Unsubscribed',
  take_over: 'Took over editing',
} as const;
export type ActivityAction = keyof typeof ACTIVITY_ACTIONS;

/** Face search per event (docs/participants.md "Face search"): off, or offered to participants with a consent receipt. */
export const FACE_SEARCH_MODES = ['off', 'consent'] as const;
export type FaceSearchMode = (typeof FACE_SEARCH_MODES)[number];
/** Days after the event's end date the face data is kept, unless the organiser says otherwise. */
export const DEFAULT_RETENTION_DAYS = 30;
/** The sentence a participant agrees to on the gallery page (its day the purge day, YYYY-MM-DD). */
export const consentText = (event: string, purgeOn: string) =>
  `I agree that a selfie I take is compared with the photos of ${event} to find the photos of me, and that my face data is deleted on ${purgeOn} at the latest, or earlier when I ask.`;
/** "Face search closed on <date>." */
export const faceSearchClosed = (day: string) => `Face search closed on ${day}.`;
/** What a participant whose face data was erased reads on their gallery page, and in the 403 of a later "I agree" or face search. */
export const faceDataErased = (day: string) => `Your face data was erased on ${day} at your request. Face search stays off for you at this event.`;
/** Longest note of a closed date, characters. */
export const CLOSURE_NOTE_MAX = 200;
