/**
 * The activity log's wire shape and words, shared by the API and the console. Pure:
 * no DOM, no Node.
 *
 * An activity row records one state-changing call: who (actor), what (`action` on a `resource`,
 * with the record's id and its label at the time) and how (`changes`: field -> before/after).
 * Secret fields never carry values: their change is recorded as the word "changed".
 */

/** Resource types and actions the log names, with the words the console shows: declared once, in the wire contract's plain rules. */
export { ACTIVITY_RESOURCES, ACTIVITY_ACTIONS, type ActivityResource, type ActivityAction } from './contract/rules.ts';
import { ACTIVITY_ACTIONS, ACTIVITY_RESOURCES, type ActivityAction, type ActivityResource } from './contract/rules.ts';
import type { ActivityRow } from './contract/activity-row.ts';
/** One row of `GET activity` (newest first), as the wire contract declares it (contract/activity-row.ts). */
export type { ActivityRow };

/** One field's change: values before and after (null when absent), or "changed" for a secret. */
export type FieldChange = { from: unknown; to: unknown } | 'changed';

/** The changes of a row as a list of [field, change], fields in stored order; [] for none or bad JSON. */
export function changesOf(row: Pick<ActivityRow, 'changes'>): [string, FieldChange][] {
  if (!row.changes) return [];
  try {
    const v = JSON.parse(row.changes) as Record<string, FieldChange>;
    return v && typeof v === 'object' ? Object.entries(v) : [];
  } catch {
    return [];
  }
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

/**
 * Where the console opens the record an entry names (an address for wouter, `~` = from the site
 * root), or null when there is nothing to open: no record, or it was deleted (then
 * `row.record.exists` is false and the console says "(deleted)"). Users, roles, pages and menus
 * open their list searched for the record's current name or e-mail; an organiser its console;
 * an event or a campaign its page in the organiser console.
 */
export function recordHref(row: Pick<ActivityRow, 'resource' | 'resource_id' | 'record'>): string | null {
  const r = row.record;
  if (!r?.exists || !row.resource_id) return null;
  const searched = (screen: string) => (r.search !== undefined ? `~/admin/${screen}?q=${encodeURIComponent(r.search)}` : null);
  switch (row.resource) {
    case 'users':
      return searched('users');
    case 'roles':
      return searched('roles');
    case 'pages':
      return searched('pages');
    case 'menus':
      return searched('adminmenus');
    case 'organisers':
      return `~/admin/organizer/${row.resource_id}`;
    case 'events':
      return r.organizer_id ? `~/admin/organizer/${r.organizer_id}/events/${row.resource_id}` : null;
    case 'campaigns':
      return r.organizer_id && r.event_id ? `~/admin/organizer/${r.organizer_id}/events/${r.event_id}/${row.resource_id}` : null;
    default:
      return null;
  }
}

/**
 * An import entry's end state as the Activity screen says it ("Done: 200 rows imported.",
 * "Failed: nothing imported.", "Still running.", "Undone by Ann at 12 Mar 2026, 10:04."), with
 * `when` formatting a time (ms); null for an entry that is no import or whose job is gone.
 */
export function importOutcome(job: ActivityRow['import_job'], when: (ms: number) => string): string | null {
  if (!job) return null;
  if (job.undone_at !== null) return `Undone by ${job.undone_by || 'someone'} at ${when(job.undone_at)}.`;
  if (job.state === 'done') return `Done: ${job.rows_written} ${job.rows_written === 1 ? 'row' : 'rows'} imported.`;
  if (job.state === 'failed') return 'Failed: nothing imported.';
  return 'Still running.';
}

/** True when an import entry may still be undone: its job finished and was not undone. */
export const mayUndoImport = (job: ActivityRow['import_job']) => !!job && job.state === 'done' && job.undone_at === null;
