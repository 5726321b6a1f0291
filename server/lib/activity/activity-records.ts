import type { Sql } from '../../db/sql.ts';
import type { FieldChange } from '../../../src/common/activity.ts';
import type { Target } from './activity-routes.ts';

/**
 * What the activity log (activity.ts, issue 21 §1) reads of a record and how it tells two reads
 * apart: `snapshot` (the row, its linked names, locked on PostgreSQL before a write), `diff`
 * (field -> { from, to }, secrets as "changed", values cut at MAX_VALUE characters) and
 * `organiserOf` (the organiser a change belongs to, for the organiser's own log).
 */

const ORG_SQL: Record<string, string> = {
  companies: 'SELECT id AS company_id FROM companies WHERE id = ?',
  users: 'SELECT company_id FROM users WHERE id = ?',
  events: 'SELECT company_id FROM events WHERE id = ?',
  bookings: 'SELECT company_id FROM bookings WHERE id = ?',
  campaigns: 'SELECT e.company_id FROM campaigns c JOIN events e ON e.id = c.event_id WHERE c.id = ?',
  templates: 'SELECT e.company_id FROM templates t JOIN campaigns c ON c.id = t.campaign_id JOIN events e ON e.id = c.event_id WHERE t.id = ?',
  participant_videos: 'SELECT e.company_id FROM participant_videos v JOIN campaigns c ON c.id = v.campaign_id JOIN events e ON e.id = c.event_id WHERE v.id = ?',
};

/** Links shown as fields of their record (a role's permissions, a user's role, a menu's roles). */
const RELATED: Record<string, (sql: Sql, id: number) => Promise<Record<string, unknown>>> = {
  roles: async (sql, id) => ({
    permissions: (await sql.all<{ name: string }>('SELECT p.name FROM permissions p JOIN role_permissions rp ON rp.permission_id = p.id WHERE rp.role_id = ? ORDER BY p.name', [id])).map((r) => r.name),
    access_roles: (await sql.all<{ name: string }>('SELECT r.name FROM roles r JOIN role_access ra ON ra.access_role_id = r.id WHERE ra.role_id = ? ORDER BY r.name', [id])).map((r) => r.name),
    menus: (await sql.all<{ title: string }>('SELECT m.title FROM admin_menus m JOIN admin_menu_roles mr ON mr.menu_id = m.id WHERE mr.role_id = ? ORDER BY m.title', [id])).map((r) => r.title),
  }),
  users: async (sql, id) => ({
    roles: (await sql.all<{ name: string }>('SELECT r.name FROM roles r JOIN user_roles ur ON ur.role_id = r.id WHERE ur.user_id = ? ORDER BY r.id', [id])).map((r) => r.name),
  }),
  admin_menus: async (sql, id) => ({
    roles: (await sql.all<{ name: string }>('SELECT r.name FROM roles r JOIN admin_menu_roles mr ON mr.role_id = r.id WHERE mr.menu_id = ? ORDER BY r.name', [id])).map((r) => r.name),
  }),
  companies: async (sql, id) => ({
    description: (await sql.get<{ description: string }>('SELECT description FROM company_details WHERE company_id = ?', [id]))?.description ?? null,
    days: (await sql.all<{ day_id: number }>('SELECT day_id FROM company_days WHERE company_id = ? ORDER BY day_id', [id])).map((r) => r.day_id),
  }),
};

/** Columns whose values are never stored: a change shows as "changed". */
const SECRET = new Set(['password_hash', 'password', 'smtp_password', 'token', 'token_hash']);
/** Columns that say nothing about a change. */
const NOISE = new Set(['id', 'created_at', 'updated_at']);
/** Longest value kept per field; longer text is cut with "…". */
export const MAX_VALUE = 300;
/** A value as the log keeps it: text cut at MAX_VALUE with "…", bigints as numbers, arrays item by item. */
export const cut = (v: unknown): unknown => {
  if (typeof v === 'string') return v.length > MAX_VALUE ? `${v.slice(0, MAX_VALUE)}…` : v;
  if (typeof v === 'bigint') return Number(v);
  if (Array.isArray(v)) return v.map(cut);
  return v;
};

/** Field -> change between two snapshots of a record (either may be undefined: create / delete). */
export function diff(before: Record<string, unknown> | undefined, after: Record<string, unknown> | undefined): Record<string, FieldChange> {
  const out: Record<string, FieldChange> = {};
  const keys = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  for (const k of keys) {
    if (NOISE.has(k)) continue;
    // An empty text and no value read the same to a person ("—"): not a change.
    const a = before?.[k] === '' ? null : before?.[k] ?? null, b = after?.[k] === '' ? null : after?.[k] ?? null;
    if (JSON.stringify(a) === JSON.stringify(b)) continue;
    out[k] = SECRET.has(k) ? 'changed' : { from: cut(a), to: cut(b) };
  }
  return out;
}

/** The record `id` of the target's table (with `alsoTable`'s row or its RELATED names), undefined when absent; `lock`: FOR UPDATE on PostgreSQL. */
export async function snapshot(sql: Sql, t: Target, id: number | null, lock = false): Promise<Record<string, unknown> | undefined> {
  if (!t.table || !id) return undefined;
  // Before the write, PostgreSQL locks the row: two edits of one record then take turns, so each
  // row's "before" is what the other committed (SQLite runs one write transaction at a time).
  const forUpdate = lock && sql.engine === 'postgres' ? ' FOR UPDATE' : '';
  const row = await sql.get<Record<string, unknown>>(`SELECT * FROM ${t.table} WHERE id = ?${forUpdate}`, [id]);
  if (!row) return undefined;
  if (t.alsoTable) return { ...row, ...((await sql.get<Record<string, unknown>>(`SELECT * FROM ${t.alsoTable} WHERE id = ?`, [id])) ?? {}) };
  const related = RELATED[t.table];
  return related ? { ...row, ...(await related(sql, id)) } : row;
}

/** The organiser (company id) the change of record `id` belongs to: from the row read, its table, or the body's company_id; null when none. */
export async function organiserOf(sql: Sql, t: Target, id: number | null, body: Record<string, unknown>, row?: Record<string, unknown>): Promise<number | null> {
  // The record read for the diff already names its organiser (users, events, bookings; a company is its own): no extra round trip.
  const own = t.table === 'companies' ? row?.id : row?.company_id;
  if (row && own !== undefined) {
    if (own !== null) return Number(own);
    if (t.table === 'users') return null;
  }
  const text = t.table && ORG_SQL[t.table];
  if (text && id) {
    const r = await sql.get<{ company_id: number | null }>(text, [id]);
    if (r?.company_id != null) return Number(r.company_id);
  }
  const fromBody = Number(body.company_id ?? body.organizer_id);
  return Number.isInteger(fromBody) && fromBody > 0 ? fromBody : null;
}
