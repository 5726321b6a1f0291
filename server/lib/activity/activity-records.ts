import type { Sql } from '../../db/sql.ts';
import type { FieldChange } from '../../../src/common/activity.ts';

/**
 * What the activity log (record.ts) reads of a record and how it tells two reads apart:
 * `readRecord` (the row and its linked names, locked on PostgreSQL before a write), `diff`
 * (field -> { from, to }, secrets as "changed", values cut at MAX_VALUE characters) and
 * `organiserOfRecord` (the organiser a record belongs to, for the organiser's own log).
 */

/** A record as the log reads it: column or linked-name -> value. */
export type RecordRow = Record<string, unknown>;

/** Tables whose row names no organiser of its own: how to find it through the rows above. */
const ORG_SQL: Record<string, string> = {
  campaigns: 'SELECT e.company_id FROM campaigns c JOIN events e ON e.id = c.event_id WHERE c.id = ?',
  templates: 'SELECT e.company_id FROM templates t JOIN campaigns c ON c.id = t.campaign_id JOIN events e ON e.id = c.event_id WHERE t.id = ?',
  participant_videos:
    'SELECT e.company_id FROM participant_videos v JOIN campaigns c ON c.id = v.campaign_id JOIN events e ON e.id = c.event_id WHERE v.id = ?',
};

/** Links shown as fields of their record (a role's permissions, a user's role, a menu's roles, an organiser's description and days). */
const RELATED: Record<string, (sql: Sql, id: number) => Promise<RecordRow>> = {
  roles: async (sql, id) => ({
    permissions: (
      await sql.all<{ name: string }>(
        'SELECT p.name FROM permissions p JOIN role_permissions rp ON rp.permission_id = p.id WHERE rp.role_id = ? ORDER BY p.name',
        [id],
      )
    ).map((r) => r.name),
    access_roles: (
      await sql.all<{ name: string }>('SELECT r.name FROM roles r JOIN role_access ra ON ra.access_role_id = r.id WHERE ra.role_id = ? ORDER BY r.name', [id])
    ).map((r) => r.name),
    menus: (
      await sql.all<{ title: string }>(
        'SELECT m.title FROM admin_menus m JOIN admin_menu_roles mr ON mr.menu_id = m.id WHERE mr.role_id = ? ORDER BY m.title',
        [id],
      )
    ).map((r) => r.title),
  }),
  users: async (sql, id) => ({
    roles: (await sql.all<{ name: string }>('SELECT r.name FROM roles r JOIN user_roles ur ON ur.role_id = r.id WHERE ur.user_id = ? ORDER BY r.id', [id])).map(
      (r) => r.name,
    ),
  }),
  admin_menus: async (sql, id) => ({
    roles: (
      await sql.all<{ name: string }>('SELECT r.name FROM roles r JOIN admin_menu_roles mr ON mr.role_id = r.id WHERE mr.menu_id = ? ORDER BY r.name', [id])
    ).map((r) => r.name),
  }),
  companies: async (sql, id) => ({
    description: (await sql.get<{ description: string }>('SELECT description FROM company_details WHERE company_id = ?', [id]))?.description ?? null,
    days: (await sql.all<{ day_id: number }>('SELECT day_id FROM company_days WHERE company_id = ? ORDER BY day_id', [id])).map((r) => r.day_id),
  }),
};

/** Columns whose values are never stored: a change shows as "changed". */
const SECRET = new Set(['password_hash', 'password', 'smtp_password', 'token', 'token_hash']);
/** Columns that say nothing about a change. */
const NOISE = new Set(['id', 'created_at', 'updated_at', 'version']);
/** Longest value kept per field; longer text is cut with "…". */
export const MAX_VALUE = 300;
/** A value as the log keeps it: text cut at MAX_VALUE with "…", bigints as numbers, arrays item by item. */
export const cut = (v: unknown): unknown => {
  if (typeof v === 'string') return v.length > MAX_VALUE ? `${v.slice(0, MAX_VALUE)}…` : v;
  if (typeof v === 'bigint') return Number(v);
  if (Array.isArray(v)) return v.map(cut);
  return v;
};

/** Field -> change between two reads of a record (either may be undefined: create / delete). */
export function diff(before: RecordRow | undefined, after: RecordRow | undefined): Record<string, FieldChange> {
  const out: Record<string, FieldChange> = {};
  const keys = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  for (const k of keys) {
    if (NOISE.has(k)) continue;
    // An empty text and no value read the same to a person ("—"): not a change.
    const a = before?.[k] === '' ? null : (before?.[k] ?? null),
      b = after?.[k] === '' ? null : (after?.[k] ?? null);
    if (JSON.stringify(a) === JSON.stringify(b)) continue;
    out[k] = SECRET.has(k) ? 'changed' : { from: cut(a), to: cut(b) };
  }
  return out;
}

/**
 * Row `id` of `table` with its RELATED names (or, with `alsoTable`, that table's row of the same
 * id: column names must not overlap), undefined when absent. `lock`: FOR UPDATE on PostgreSQL, for
 * the read before a write, so two edits of one record take turns and each one's "before" is what
 * the other committed (SQLite runs one write transaction at a time).
 */
export async function readRecord(sql: Sql, table: string, id: number, o: { lock?: boolean; alsoTable?: string } = {}): Promise<RecordRow | undefined> {
  const forUpdate = o.lock && sql.engine === 'postgres' ? ' FOR UPDATE' : '';
  const row = await sql.get<RecordRow>(`SELECT * FROM ${table} WHERE id = ?${forUpdate}`, [id]);
  if (!row) return undefined;
  if (o.alsoTable) return { ...row, ...((await sql.get<RecordRow>(`SELECT * FROM ${o.alsoTable} WHERE id = ?`, [id])) ?? {}) };
  const related = RELATED[table];
  return related ? { ...row, ...(await related(sql, id)) } : row;
}

/** The organiser (company id) of record `id` of `table` when its row does not name one (campaigns, templates, videos); null when none. */
export async function organiserOfRecord(sql: Sql, table: keyof typeof ORG_SQL, id: number): Promise<number | null> {
  const r = await sql.get<{ company_id: number | null }>(ORG_SQL[table], [id]);
  return r?.company_id == null ? null : Number(r.company_id);
}
