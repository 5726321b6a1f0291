import '../lib/messages/activity.ts';
import type { ActivityAction, ActivityResource, ActivityRow } from '../common/activity.ts';
import type { MessageKey } from '../common/i18n/catalogs/en.ts';
import { t } from '../lib/i18n.ts';

/**
 * The activity log's words in the reader's language (docs/languages.md): the Activity
 * screen's filters and entries, a record's History and the Users import banner. English is word
 * for word what common/activity.ts says for the API and the tests ("Updated User “Ann” (#12)").
 */

const ACTION_KEYS = {
  create: 'activity.action.create',
  update: 'activity.action.update',
  delete: 'activity.action.delete',
  bulk_delete: 'activity.action.bulk_delete',
  status: 'activity.action.status',
  bulk_status: 'activity.action.bulk_status',
  import: 'activity.action.import',
  clear: 'activity.action.clear',
  export: 'activity.action.export',
  sign_in: 'activity.action.sign_in',
  sign_in_failed: 'activity.action.sign_in_failed',
  sign_out: 'activity.action.sign_out',
  password_change: 'activity.action.password_change',
  password_reset: 'activity.action.password_reset',
  password_set: 'activity.action.password_set',
  undo_import: 'activity.action.undo_import',
  invite: 'activity.action.invite',
  two_step_on: 'activity.action.two_step_on',
  two_step_off: 'activity.action.two_step_off',
  two_step_reset: 'activity.action.two_step_reset',
  two_step_failed: 'activity.action.two_step_failed',
  passkey_add: 'activity.action.passkey_add',
  passkey_remove: 'activity.action.passkey_remove',
  recovery_codes: 'activity.action.recovery_codes',
  two_step_locked: 'activity.action.two_step_locked',
  two_step_unlock: 'activity.action.two_step_unlock',
  report_sent: 'activity.action.report_sent',
  report_stopped: 'activity.action.report_stopped',
  unsubscribe: 'activity.action.unsubscribe',
  take_over: 'activity.action.take_over',
} as const satisfies Record<ActivityAction, MessageKey>;

const RESOURCE_KEYS = {
  session: 'activity.resource.session',
  permissions: 'activity.resource.permissions',
  roles: 'activity.resource.roles',
  users: 'activity.resource.users',
  pages: 'activity.resource.pages',
  menus: 'activity.resource.menus',
  settings: 'activity.resource.settings',
  organisers: 'activity.resource.organisers',
  bookings: 'activity.resource.bookings',
  working_days: 'activity.resource.working_days',
  events: 'activity.resource.events',
  photos: 'activity.resource.photos',
  participants: 'activity.resource.participants',
  campaigns: 'activity.resource.campaigns',
  templates: 'activity.resource.templates',
  videos: 'activity.resource.videos',
  conference_users: 'activity.resource.conference_users',
  recognition: 'activity.resource.recognition',
  imports: 'activity.resource.imports',
  webhooks: 'activity.resource.webhooks',
  report_schedules: 'activity.resource.report_schedules',
  activity: 'activity.resource.activity',
  leases: 'activity.resource.leases',
  api_tokens: 'activity.resource.api_tokens',
} as const satisfies Record<ActivityResource, MessageKey>;

/** An action's word ("Created", "Création"); an action the console does not know stays as the API names it. */
export const actionWord = (action: string): string => (Object.hasOwn(ACTION_KEYS, action) ? t(ACTION_KEYS[action as ActivityAction]) : action);

/** A record type's word ("User", "Utilisateur"); a type the console does not know stays as the API names it. */
export const resourceWord = (resource: string): string => (Object.hasOwn(RESOURCE_KEYS, resource) ? t(RESOURCE_KEYS[resource as ActivityResource]) : resource);

/** The Activity filters' choices: [value, word] for every action, then for every record type. */
export const actionChoices = (): [string, string][] => Object.keys(ACTION_KEYS).map((k) => [k, actionWord(k)]);
export const resourceChoices = (): [string, string][] => Object.keys(RESOURCE_KEYS).map((k) => [k, resourceWord(k)]);

/** "Updated User “Ann” (#12)", "Signed in as “ann@example.com”": the sentence an entry stands for (common/activity.ts describeActivity). */
export function sayActivity(row: Pick<ActivityRow, 'action' | 'resource' | 'resource_id' | 'label'>): string {
  const action = actionWord(row.action);
  if (row.resource === 'session') return row.label ? t('activity.signInAs', { action, label: row.label }) : action;
  const record = resourceWord(row.resource);
  if (row.label && row.resource_id) return t('activity.entryLabelId', { action, record, label: row.label, id: String(row.resource_id) });
  if (row.label) return t('activity.entryLabel', { action, record, label: row.label });
  if (row.resource_id) return t('activity.entryId', { action, record, id: String(row.resource_id) });
  return t('activity.entry', { action, record });
}

/** An import entry's end state (common/activity.ts importOutcome): undone by whom and when, done with N rows, failed, or running. */
export function sayImportOutcome(job: ActivityRow['import_job'], when: (ms: number) => string): string | null {
  if (!job) return null;
  if (job.undone_at !== null)
    return job.undone_by
      ? t('activity.outcome.undone', { name: job.undone_by, time: when(job.undone_at) })
      : t('activity.outcome.undoneSomeone', { time: when(job.undone_at) });
  if (job.state === 'done') return t('activity.outcome.done', { count: job.rows_written });
  if (job.state === 'failed') return t('activity.outcome.failed');
  return t('activity.outcome.running');
}
