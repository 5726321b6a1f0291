import type { Sql } from '../sql.ts';
import { DEFAULT_QUOTA_MB } from '../../../src/common/storage.ts';
import { insertUser } from './users.ts';
import { ALL, type ListQuery, type ListSpec } from '../list-query.ts';
import { listPage } from '../list-page.ts';

/**
 * An organiser (admin-area §3, DESIGN.md §4): the company, its description from company_details
 * and the id of its sign-in user (role company). Status 1 active, 0 inactive, 2 not chosen.
 * `storage_quota_mb`: its storage quota (migration 013, src/common/storage.ts). `invited` 1 while its
 * sign-in user has not followed its invitation (no password yet), else 0.
 */
export type { Organiser } from '../../../src/common/contract/schemas.ts';
import type { Organiser } from '../../../src/common/contract/schemas.ts';

const COLS = `c.id, c.name, c.email, c.phone, c.status, COALESCE(d.description, '') AS description, c.storage_quota_mb,
  (SELECT MIN(u.id) FROM users u WHERE u.company_id = c.id) AS user_id,
  CASE WHEN EXISTS (SELECT 1 FROM users u WHERE u.company_id = c.id AND u.password_hash = '') THEN 1 ELSE 0 END AS invited`;
const FROM = 'companies c LEFT JOIN company_details d ON d.company_id = c.id';
const SELECT = `SELECT ${COLS} FROM ${FROM}`;

/** The Organisers list (admin-area §3): search name/e-mail, sort, filter by status (1 active, 0 inactive). */
export const ORGANISER_LIST: ListSpec = {
  from: FROM,
  idCol: 'c.id',
  columns: COLS,
  search: ['c.name', 'c.email'],
  sort: { id: 'c.id', name: 'lower(c.name)', email: 'lower(c.email)', phone: 'c.phone', status: 'c.status' },
  defaultOrder: 'c.id',
  filters: { status: { values: ['1', '0'], where: 'c.status = ?', param: Number } },
  csv: [
    ['id', 'c.id'],
    ['name', 'c.name'],
    ['email', 'c.email'],
    ['phone', 'c.phone'],
    ['status', 'c.status'],
  ],
};
/** One page of organisers matching `lq` (a Paginator: `perPage` rows, pages from 1). */
export const listOrganisers = (sql: Sql, page: number, lq: ListQuery, perPage = 10) => listPage<Organiser>(sql, ORGANISER_LIST, lq, ALL, page, perPage);
/** The organiser asked for, or undefined when there is none. */
export const getOrganiser = (sql: Sql, id: number) => sql.get<Organiser>(`${SELECT} WHERE c.id = ?`, [id]);

/** Organiser `id`'s saved time zone (migration 037, src/common/time-zone.ts): an IANA name, or '' while not chosen; undefined when there is no such organiser. */
export const timeZoneOf = async (sql: Sql, id: number) =>
  (await sql.get<{ time_zone: string }>('SELECT time_zone FROM companies WHERE id = ?', [id]))?.time_zone;

/** An organiser to create: company fields, its sign-in user's password hash and the company role id. */
export interface NewOrganiser {
  name: string;
  email: string;
  phone: string;
  status: number;
  description: string;
  passwordHash: string;
  companyRoleId: number;
  storageQuotaMb?: number;
}

/** Writes the company, its sign-in user (role company) and its description in one transaction; returns the company id. */
export const createOrganiser = (sql: Sql, o: NewOrganiser) =>
  sql.transaction(async (tx) => {
    const id = await insertCompany(tx, o);
    await insertUser(tx, { name: o.name, email: o.email, passwordHash: o.passwordHash, roleId: o.companyRoleId, companyId: id });
    return id;
  });

/** Inserts a company and its description (no sign-in user); call inside a transaction. Returns the company id. */
export async function insertCompany(
  tx: Sql,
  c: { name: string; email: string; phone: string; status: number; description: string; storageQuotaMb?: number },
): Promise<number> {
  const { id } = (await tx.get<{ id: number }>(
    'INSERT INTO companies (name, email, phone, status, storage_quota_mb, created_at) VALUES (?, ?, ?, ?, ?, ?) RETURNING id',
    [c.name, c.email, c.phone, c.status, c.storageQuotaMb ?? DEFAULT_QUOTA_MB, Date.now()],
  ))!;
  await tx.run('INSERT INTO company_details (company_id, description) VALUES (?, ?)', [id, c.description]);
  return id;
}

/**
 * Updates name, phone, description, optionally status, storage quota (MB) and time zone (an IANA name or ''), and — when given — the sign-in user's
 * password; the sign-in user's name follows the organiser's. A status other than 1 (Active)
 * revokes every live token of the organiser's users in the same transaction, so its sessions end
 * for good: setting it Active again lets its users sign in anew but revives no old token.
 * False when there is no such company.
 */
export const updateOrganiser = (
  sql: Sql,
  id: number,
  o: { name: string; phone: string; description: string; status?: number; passwordHash?: string; storageQuotaMb?: number; timeZone?: string },
) =>
  sql.transaction(async (tx) => {
    if (!(await tx.run('UPDATE companies SET name = ?, phone = ? WHERE id = ?', [o.name, o.phone, id]))) return false;
    if (o.timeZone !== undefined) await tx.run('UPDATE companies SET time_zone = ? WHERE id = ?', [o.timeZone, id]);
    if (o.status !== undefined) await tx.run('UPDATE companies SET status = ? WHERE id = ?', [o.status, id]);
    if (o.storageQuotaMb !== undefined) await tx.run('UPDATE companies SET storage_quota_mb = ? WHERE id = ?', [o.storageQuotaMb, id]);
    if (o.status !== undefined && o.status !== 1) {
      await tx.run('UPDATE tokens SET revoked_at = ? WHERE revoked_at IS NULL AND user_id IN (SELECT id FROM users WHERE company_id = ?)', [Date.now(), id]);
    }
    await tx.run('INSERT INTO company_details (company_id, description) VALUES (?, ?) ON CONFLICT (company_id) DO NOTHING', [id, o.description]);
    await tx.run('UPDATE company_details SET description = ? WHERE company_id = ?', [o.description, id]);
    await tx.run('UPDATE users SET name = ? WHERE company_id = ?', [o.name, id]);
    if (o.passwordHash) await tx.run('UPDATE users SET password_hash = ? WHERE company_id = ?', [o.passwordHash, id]);
    return true;
  });

/** Deletes the company; its users, details, days, events and everything under them go with it (ON DELETE CASCADE). */
export const deleteOrganiser = (sql: Sql, id: number) => sql.run('DELETE FROM companies WHERE id = ?', [id]);
