import type { Param, Sql } from '../sql.ts';
import type { ListQuery, ListSpec, Scope } from '../list-query.ts';
import { listPage } from '../list-page.ts';
import { ACTIVITY_ACTIONS, ACTIVITY_RESOURCES, type ActivityRow } from '../../../src/common/activity.ts';

/** One activity row as written; `at` and `at_text` are set here from the clock. */
export interface NewActivity {
  actor_id: number | null;
  actor_name: string;
  actor_role: string;
  organizer_id: number | null;
  action: string;
  resource: string;
  resource_id: number | null;
  label: string;
  changes: string;
  ip: string;
  user_agent: string;
}

/** Writes one activity row through `sql` (the caller's transaction, when it has one). */
export function insertActivity(sql: Sql, a: NewActivity, now = Date.now()) {
  return sql.run(
    `INSERT INTO activity (at, at_text, actor_id, actor_name, actor_role, organizer_id, action, resource, resource_id, label, changes, ip, user_agent)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    [
      now,
      new Date(now).toISOString(),
      a.actor_id,
      a.actor_name,
      a.actor_role,
      a.organizer_id,
      a.action,
      a.resource,
      a.resource_id,
      a.label,
      a.changes,
      a.ip,
      a.user_agent,
    ],
  );
}

/** Removes rows older than `before` (ms), at most 10,000 a call so a long backlog never holds a lock long. */
export const pruneActivity = (sql: Sql, before: number) =>
  sql.run('DELETE FROM activity WHERE id IN (SELECT id FROM activity WHERE at < ? ORDER BY id LIMIT 10000)', [before]);

const dayStart = (v: string) => Date.parse(`${v}T00:00:00Z`);

/**
 * The Activity list: newest first; `q` searches the record label; filters
 * `actor_id`, `action`, `resource`, `organizer_id`, `resource_id` (a record's History) and the
 * UTC date range `from` .. `to` (both days included).
 */
export const ACTIVITY_LIST: ListSpec = {
  from: 'activity a',
  idCol: 'a.id',
  columns: 'a.id, a.at, a.actor_id, a.actor_name, a.actor_role, a.organizer_id, a.action, a.resource, a.resource_id, a.label, a.changes, a.ip, a.user_agent',
  search: ['a.label'],
  fts: 'activity_fts',
  sort: { id: 'a.id', at: 'a.at' },
  defaultOrder: 'a.at DESC, a.id DESC',
  seek: ['default', 'at'],
  filters: {
    actor_id: { values: 'id', where: 'a.actor_id = ?' },
    action: { values: Object.keys(ACTIVITY_ACTIONS), where: 'a.action = ?' },
    resource: { values: Object.keys(ACTIVITY_RESOURCES), where: 'a.resource = ?' },
    organizer_id: { values: 'id', where: 'a.organizer_id = ?' },
    resource_id: { values: 'id', where: 'a.resource_id = ?' },
    // Sign-ins are left out unless this says 'shown' or a `resource` or `action` filter names them (signInsHidden).
    sign_ins: { values: ['shown'], where: () => ['1 = 1', []] },
    from: { values: 'date', where: 'a.at >= ?', param: dayStart },
    to: { values: 'date', where: 'a.at < ?', param: (v) => dayStart(v) + 86_400_000 },
  },
  csv: [
    ['time (UTC)', 'a.at_text'],
    ['actor', 'a.actor_name'],
    ['actor role', 'a.actor_role'],
    ['organizer id', 'a.organizer_id'],
    ['action', 'a.action'],
    ['resource', 'a.resource'],
    ['record id', 'a.resource_id'],
    ['record', 'a.label'],
    ['changes', 'a.changes'],
    ['address', 'a.ip'],
    ['user agent', 'a.user_agent'],
  ],
  csvDates: ['time (UTC)'],
};

/**
 * The WHERE piece that leaves sign-ins, failed sign-ins and sign-outs (resource `session`) out of
 * a list read with `lq`, or '' when they are asked for: the `sign_ins=shown` filter, a
 * `resource` filter (which names the one record type it wants) or an `action` filter (which
 * names the one action it wants: "Signed in" shows sign-ins).
 */
export const signInsHidden = (lq: Pick<ListQuery, 'filters'>) =>
  lq.filters.sign_ins === 'shown' || lq.filters.resource || lq.filters.action ? '' : "a.resource <> 'session'";

/** Page rows with what `withRecords` adds (ActivityRow's `record` and `import_job`). */
type PageRow = Omit<ActivityRow, 'record' | 'import_job'>;

/** Record types an entry links to, for staff: [table, the column a search in its list finds it by]. */
const SEARCHED: Partial<Record<string, [string, string]>> = {
  users: ['users', 'email'],
  roles: ['roles', 'name'],
  pages: ['pages', 'title'],
  menus: ['admin_menus', 'title'],
};
/** Record types an entry links to in the organiser console (for staff and organisers alike). */
const IN_CONSOLE = new Set(['organisers', 'events', 'campaigns']);

const marks = (ids: number[]) => ids.map(() => '?').join(', ');

/**
 * The page's rows with `record` (where the named record is now, or `exists: false`) and
 * `import_job` (an import's end state and its undo) filled, by a few batched lookups for the
 * whole page (one per record type on it, one for its imports, one for their undo entries), never
 * one per row. `staff`: the reader may open the admin lists (users, roles, pages, menus); an
 * organiser's user gets `record` only for its console's records (organiser, events, campaigns).
 */
export async function withRecords(sql: Sql, rows: PageRow[], staff: boolean): Promise<ActivityRow[]> {
  const idsOf = (resource: string) => [...new Set(rows.filter((r) => r.resource === resource && r.resource_id).map((r) => Number(r.resource_id)))];
  const found = new Map<string, Map<number, NonNullable<ActivityRow['record']>>>();
  const lookup = async (
    resource: string,
    query: (ids: number[]) => Promise<Record<string, unknown>[]>,
    shape: (r: Record<string, unknown>) => NonNullable<ActivityRow['record']>,
  ) => {
    const ids = idsOf(resource);
    const m = new Map<number, NonNullable<ActivityRow['record']>>();
    if (ids.length) for (const r of await query(ids)) m.set(Number(r.id), shape(r));
    found.set(resource, m);
  };
  if (staff) {
    for (const [resource, [table, col]] of Object.entries(SEARCHED) as [string, [string, string]][]) {
      await lookup(
        resource,
        (ids) => sql.all(`SELECT id, ${col} AS search FROM ${table} WHERE id IN (${marks(ids)})`, ids),
        (r) => ({ exists: true, search: String(r.search) }),
      );
    }
  }
  await lookup(
    'organisers',
    (ids) => sql.all(`SELECT id FROM companies WHERE id IN (${marks(ids)})`, ids),
    (r) => ({ exists: true, organizer_id: Number(r.id) }),
  );
  await lookup(
    'events',
    (ids) => sql.all(`SELECT id, company_id FROM events WHERE id IN (${marks(ids)})`, ids),
    (r) => ({ exists: true, organizer_id: Number(r.company_id) }),
  );
  await lookup(
    'campaigns',
    (ids) => sql.all(`SELECT c.id, c.event_id, e.company_id FROM campaigns c JOIN events e ON e.id = c.event_id WHERE c.id IN (${marks(ids)})`, ids),
    (r) => ({ exists: true, organizer_id: Number(r.company_id), event_id: Number(r.event_id) }),
  );

  const jobIds = idsOf('imports');
  const jobs = new Map<number, NonNullable<ActivityRow['import_job']>>();
  if (jobIds.length) {
    const undoneBy = new Map<number, string>();
    for (const r of await sql.all<Record<string, unknown>>(
      `SELECT resource_id, actor_name FROM activity WHERE resource = 'imports' AND action = 'undo_import' AND resource_id IN (${marks(jobIds)}) ORDER BY id`,
      jobIds as Param[],
    )) {
      undoneBy.set(Number(r.resource_id), String(r.actor_name));
    }
    for (const r of await sql.all<Record<string, unknown>>(
      `SELECT id, kind, state, rows_written, undone_at FROM import_jobs WHERE id IN (${marks(jobIds)})`,
      jobIds as Param[],
    )) {
      const undone = r.undone_at == null ? null : Number(r.undone_at);
      jobs.set(Number(r.id), {
        kind: r.kind as NonNullable<ActivityRow['import_job']>['kind'],
        state: r.state as NonNullable<ActivityRow['import_job']>['state'],
        rows_written: Number(r.rows_written),
        undone_at: undone,
        undone_by: undone === null ? null : (undoneBy.get(Number(r.id)) ?? ''),
      });
    }
  }
  return rows.map((r) => {
    const id = Number(r.resource_id);
    const kind = found.get(r.resource);
    const record = kind && r.resource_id ? (kind.get(id) ?? { exists: false }) : null;
    const import_job = r.resource === 'imports' && r.action === 'import' && r.resource_id ? (jobs.get(id) ?? null) : null;
    return { ...r, record, import_job };
  });
}

/**
 * One page of activity of `spec` (ACTIVITY_LIST for staff, or ORGANISER_ACTIVITY_LIST for an
 * organiser's user) within `scope` (an organiser's own rows, or all for administrators), each row
 * with its `record` and `import_job` (withRecords; staff links only with ACTIVITY_LIST).
 */
export async function listActivity(sql: Sql, spec: ListSpec, page: number, lq: ListQuery, scope: Scope, perPage = 10) {
  const p = await listPage<PageRow>(sql, spec, lq, scope, page, perPage);
  return { ...p, data: await withRecords(sql, p.data, spec === ACTIVITY_LIST) };
}

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
