/**
 * The activity log's wire shape and words (issue 21), shared by the API and the console. Pure:
 * no DOM, no Node.
 *
 * An activity row records one state-changing call: who (actor), what (`action` on a `resource`,
 * with the record's id and its label at the time) and how (`changes`: field -> before/after).
 * Secret fields never carry values: their change is recorded as the word "changed".
 */

/** Resource types the log names, with the word the console shows. */
export const ACTIVITY_RESOURCES = {
  session: 'Sign-in', permissions: 'Permission', roles: 'Role', users: 'User', pages: 'Page', menus: 'Menu',
  settings: 'Settings', organisers: 'Organizer', bookings: 'Booking', working_days: 'Working days',
  events: 'Event', photos: 'Event photos', campaigns: 'Campaign', templates: 'Template', videos: 'Video',
  conference_users: 'Conference user', recognition: 'Recognition event', imports: 'Import',
} as const;
export type ActivityResource = keyof typeof ACTIVITY_RESOURCES;

/** Actions the log names, with the word the console shows. */
export const ACTIVITY_ACTIONS = {
  create: 'Created', update: 'Updated', delete: 'Deleted', bulk_delete: 'Deleted (bulk)', status: 'Status changed',
  bulk_status: 'Status changed (bulk)', import: 'Import started', clear: 'Cleared', export: 'Exported',
  sign_in: 'Signed in', sign_in_failed: 'Failed sign-in', sign_out: 'Signed out',
  password_change: 'Password changed', password_reset: 'Password reset', password_set: 'Password set (invitation)', undo_import: 'Import undone', invite: 'Invitation sent',
} as const;
export type ActivityAction = keyof typeof ACTIVITY_ACTIONS;

/** One field's change: values before and after (null when absent), or "changed" for a secret. */
export type FieldChange = { from: unknown; to: unknown } | 'changed';

/** One row of `GET activity` (newest first). `at` is milliseconds since 1970 (UTC). */
export interface ActivityRow {
  id: number; at: number;
  actor_id: number | null; actor_name: string; actor_role: string; organizer_id: number | null;
  action: ActivityAction; resource: ActivityResource; resource_id: number | null; label: string;
  /** JSON text of Record<field, FieldChange>, or '' when the action changes no field (sign-in). */
  changes: string; ip: string; user_agent: string;
}

/** The changes of a row as a list of [field, change], fields in stored order; [] for none or bad JSON. */
export function changesOf(row: Pick<ActivityRow, 'changes'>): [string, FieldChange][] {
  if (!row.changes) return [];
  try {
    const v = JSON.parse(row.changes) as Record<string, FieldChange>;
    return v && typeof v === 'object' ? Object.entries(v) : [];
  } catch { return []; }
}

/** A value as the History and Activity screens show it: "—" for empty, text as is, lists joined. */
export function shownValue(v: unknown): string {
  if (v === null || v === undefined || v === '') return '—';
  if (Array.isArray(v)) return v.length ? v.join(', ') : '—';
  return String(v);
}

/** "Updated User “Ann” (#12)": the sentence a row stands for, for lists and screen readers. */
export function describeActivity(row: Pick<ActivityRow, 'action' | 'resource' | 'resource_id' | 'label'>): string {
  // Sign-in, failed sign-in, sign-out: "Signed in as “ann@example.com”".
  if (row.resource === 'session') return `${ACTIVITY_ACTIONS[row.action] ?? row.action}${row.label ? ` as “${row.label}”` : ''}`;
  const what = ACTIVITY_RESOURCES[row.resource] ?? row.resource;
  const verb = ACTIVITY_ACTIONS[row.action] ?? row.action;
  const label = row.label ? ` “${row.label}”` : '';
  const id = row.resource_id ? ` (#${row.resource_id})` : '';
  return `${verb} ${what}${label}${id}`;
}
