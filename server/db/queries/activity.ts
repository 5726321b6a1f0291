import type { Sql } from '../sql.ts';
import type { ListQuery, ListSpec, Scope } from '../list-query.ts';
import { listPage } from '../list-page.ts';
import { ACTIVITY_ACTIONS, ACTIVITY_RESOURCES, type ActivityRow } from '../../../src/common/activity.ts';

/** One activity row as written (issue 21 §1); `at` and `at_text` are set here from the clock. */
export interface NewActivity {
  actor_id: number | null; actor_name: string; actor_role: string; organizer_id: number | null;
  action: string; resource: string; resource_id: number | null; label: string; changes: string; ip: string; user_agent: string;
}

/** Writes one activity row through `sql` (the caller's transaction, when it has one). */
export function insertActivity(sql: Sql, a: NewActivity, now = Date.now()) {
  return sql.run(
    `INSERT INTO activity (at, at_text, actor_id, actor_name, actor_role, organizer_id, action, resource, resource_id, label, changes, ip, user_agent)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    [now, new Date(now).toISOString(), a.actor_id, a.actor_name, a.actor_role, a.organizer_id, a.action, a.resource, a.resource_id, a.label, a.changes, a.ip, a.user_agent]);
}

/** Removes rows older than `before` (ms), at most 10,000 a call so a long backlog never holds a lock long. */
export const pruneActivity = (sql: Sql, before: number) =>
  sql.run('DELETE FROM activity WHERE id IN (SELECT id FROM activity WHERE at < ? ORDER BY id LIMIT 10000)', [before]);

const dayStart = (v: string) => Date.parse(`${v}T00:00:00Z`);

/**
 * The Activity list (issue 21 §2): newest first; `q` searches the record label; filters
 * `actor_id`, `action`, `resource`, `organizer_id`, `resource_id` (a record's History) and the
 * UTC date range `from` .. `to` (both days included).
 */
export const ACTIVITY_LIST: ListSpec = {
  from: 'activity a', idCol: 'a.id',
  columns: 'a.id, a.at, a.actor_id, a.actor_name, a.actor_role, a.organizer_id, a.action, a.resource, a.resource_id, a.label, a.changes, a.ip, a.user_agent',
  search: ['a.label'], fts: 'activity_fts', sort: { id: 'a.id', at: 'a.at' }, defaultOrder: 'a.at DESC, a.id DESC', seek: ['default', 'at'],
  filters: {
    actor_id: { values: 'id', where: 'a.actor_id = ?' },
    action: { values: Object.keys(ACTIVITY_ACTIONS), where: 'a.action = ?' },
    resource: { values: Object.keys(ACTIVITY_RESOURCES), where: 'a.resource = ?' },
    organizer_id: { values: 'id', where: 'a.organizer_id = ?' },
    resource_id: { values: 'id', where: 'a.resource_id = ?' },
    from: { values: 'date', where: 'a.at >= ?', param: dayStart },
    to: { values: 'date', where: 'a.at < ?', param: (v) => dayStart(v) + 86_400_000 },
  },
  csv: [['time (UTC)', 'a.at_text'], ['actor', 'a.actor_name'], ['actor role', 'a.actor_role'], ['organizer id', 'a.organizer_id'],
    ['action', 'a.action'], ['resource', 'a.resource'], ['record id', 'a.resource_id'], ['record', 'a.label'], ['changes', 'a.changes'],
    ['address', 'a.ip'], ['user agent', 'a.user_agent']],
};

/** One page of activity of `spec` (ACTIVITY_LIST, or ORGANISER_ACTIVITY_LIST) within `scope` (an organiser's own rows, or all for administrators). */
export const listActivity = (sql: Sql, spec: ListSpec, page: number, lq: ListQuery, scope: Scope, perPage = 10) =>
  listPage<ActivityRow>(sql, spec, lq, scope, page, perPage);

/**
 * An address or browser (`a.ip`, `a.user_agent`) as an organiser reads it: shown only when the
 * row's actor is one of the organiser's own users, empty for anyone else's (platform staff acting
 * on the organiser's records, a stranger's failed sign-in at another's e-mail).
 */
const ownOnly = (col: string) => `CASE WHEN EXISTS (SELECT 1 FROM users u WHERE u.id = a.actor_id AND u.company_id = a.organizer_id) THEN ${col} ELSE '' END`;

/** The Activity list as an organiser's user reads it (its own rows only, by scope): ACTIVITY_LIST with other people's addresses and browsers left empty. */
export const ORGANISER_ACTIVITY_LIST: ListSpec = {
  ...ACTIVITY_LIST,
  columns: ACTIVITY_LIST.columns.replace('a.ip, a.user_agent', `${ownOnly('a.ip')} AS ip, ${ownOnly('a.user_agent')} AS user_agent`),
  csv: ACTIVITY_LIST.csv.map(([h, e]) => [h, e === 'a.ip' || e === 'a.user_agent' ? ownOnly(e) : e]),
};
